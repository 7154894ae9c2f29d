/** What other features use of feed: the list, a post's like and link, own posts, Data saver. */
export { FeedList } from './FeedList';
export { dataSaverModes, readDataSaver, saveDataSaver, type DataSaver } from './dataSaver';
export { canShareNatively, postLink, shareNatively } from './shareLinks';
export { useLike } from './useLike';
export { useMyPosts } from './posts';
export { useDeletePost } from './useDeletePost';
