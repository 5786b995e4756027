import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig(definePackageBuild({ entry: ['src/index.ts'] }));
