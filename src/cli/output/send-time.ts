// A send time as the terminal shows it: on the recipient's clock, then on this machine's.
import { twoZoneTime } from '../../core/scheduling/send-time-text.ts';

export const describeSendTime = (iso: string, zone: string) => twoZoneTime(iso, zone, Intl.DateTimeFormat().resolvedOptions().timeZone, Date.now(), 'here');
