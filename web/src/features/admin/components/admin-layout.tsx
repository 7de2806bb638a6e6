// The admin page frame lives in shared components so other features' admin pages use it too.
export { AdminPage } from '../../../components/admin-area-layout';
