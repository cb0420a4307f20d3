export { postSigned, type SignedPostResult } from './signed-post';
