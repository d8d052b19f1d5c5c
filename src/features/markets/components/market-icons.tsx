// The market screens' icons now live in the shared kit (same 24-grid stroke pattern); this keeps their
// imports working until they import from shared/ui/icons.tsx directly, then it can go.
export { IconSearch, IconStar, IconTrash } from '../../../shared/ui/icons.tsx';
