// What other screens (the pool dashboard, a site's content tab) reuse of the posts page.
export { PostEditDialog, type PostEditDialogProps } from './PostEditDialog';
export { PostPreviewDialog, type PostPreviewDialogProps } from './PostPreviewDialog';
export { TenPointScore } from './post-columns';
export { canArchive, canPublish, usePostStatus, type PoolPost, type PostTarget } from './use-pool-posts';
