export type { AcmeCall, AcmeRequest, AcmeResponse, AcmeResult, AcmeStreamEvent, AcmeTurn } from './acme-api';
export { AcmeChatModel, type AcmeChatModelConfig } from './acme-chat-model';
export { acmeCodec } from './acme-codec';
export { type AcmeSettings, createAcme } from './create-acme';
