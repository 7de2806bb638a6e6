// Kept only for components/markdown-view.tsx (owned by the suggestion form/detail work); once it imports
// lib/markdown directly, delete this file.
export { renderMarkdown } from '../../../lib/markdown';
