// The My Republic frame lives in shared components so other features' profile pages use it too.
export { ProfileLayout } from '../../../components/profile-area-layout';
