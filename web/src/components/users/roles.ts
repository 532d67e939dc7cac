import type { Role } from '../../api/users.ts';
import { ROLE_LABELS } from '../../format.ts';

export const ROLE_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = [
  { value: 'user', label: ROLE_LABELS.user },
  { value: 'admin', label: ROLE_LABELS.admin },
];
