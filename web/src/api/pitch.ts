// Preview pitch: the first email the pipeline would write to a lead now, stored nowhere
// (POST: it runs the configured writer).
import type { PitchPreview } from '../../../src/core/model/pitch.ts';
import { api } from './client.ts';

export type { PitchPreview };

export const previewPitch = (leadId: number) => api.post<PitchPreview>(`/api/leads/${leadId}/pitch-preview`);
