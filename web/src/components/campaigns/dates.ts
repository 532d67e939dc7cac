// Campaign dates: the shared formats.
export { formatDateTime as formatDate, relativeTime } from '../../format.ts';
