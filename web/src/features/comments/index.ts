/** The comment panel of a card and the post list that messages reuse. */
export { default as CommentPanel } from './CommentPanel.tsx';
export { PostPanel } from './PostPanel.tsx';
export type { Post, PostAttributes, PostKind } from './posts.ts';
export { prefetchComments } from './api.ts';
