/** The conclusion module's public face: what the chain worker uses of it (other modules import nothing of it). */
export { conclusionRefusalHandlers } from './conclusion-refusal';
