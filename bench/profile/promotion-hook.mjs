// Loaded into the gateway by `gateway-promotion.mjs` (`node --import`): on the IPC messages
// `promotion-start` / `promotion-stop`, samples the allocations that outlive the young generation
// (V8's sampling heap profiler, keeping objects a full GC collected and dropping those a scavenge
// did) and writes the profile to PROMOTION_OUT.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

process.on('message', async (message) => {
  if (message === 'promotion-start') {
    await post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    process.send({ promotion: 'started' });
  } else if (message === 'promotion-stop') {
    const { profile } = await post('HeapProfiler.getSamplingProfile');
    await post('HeapProfiler.stopSampling');
    writeFileSync(process.env.PROMOTION_OUT, JSON.stringify(profile));
    process.send({ promotion: 'stopped' });
  }
});
