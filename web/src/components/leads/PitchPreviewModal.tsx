// "Preview pitch": the first email the pipeline would write to this lead now (stored nowhere):
// the subject and body, each cited finding with the sentence that says it and its evidence, the
// quality and its parts; or the reason it would not be written. Crawled and AI text is rendered
// as plain text (React escapes it).
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { previewPitch, type PitchPreview } from '../../api/pitch.ts';
import type { Lead } from '../../api/leads.ts';
import { Modal } from '../Modal.tsx';
import { QualityBreakdown, QualityScore } from './QualityBreakdown.tsx';
import { leadName } from './leadFormat.ts';
import './pitch.css';

export function PitchPreviewModal({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const [preview, setPreview] = useState<PitchPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setPreview(null);
    setError(null);
    previewPitch(lead.id)
      .then((answer) => live && setPreview(answer))
      .catch((err: unknown) => live && setError(errorText(err, 'Failed to preview the pitch')));
    return () => {
      live = false;
    };
  }, [lead.id]);

  return (
    <Modal
      title={`Pitch preview: ${leadName(lead)}`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="is-size-7 has-text-grey mb-3">What the pipeline would write to this lead now, as its draft stage writes it. Nothing is saved or sent.</p>
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          {error}
        </div>
      ) : null}
      {!preview && !error ? <p className="has-text-grey">Writing the preview...</p> : null}
      {preview ? <PreviewBody preview={preview} /> : null}
    </Modal>
  );
}

function PreviewBody({ preview }: { preview: PitchPreview }) {
  if (!preview.written) {
    return (
      <div className="notification is-warning is-light" role="status" aria-label="Not written">
        <strong>Not written: </strong>
        {preview.hold_reason}
      </div>
    );
  }
  return (
    <section aria-label="Pitch preview">
      {preview.held ? (
        <div className="notification is-warning is-light" role="status" aria-label="Held for review">
          <strong>Would be held for review: </strong>
          {preview.hold_reason}
        </div>
      ) : null}
      <dl className="lead-fields">
        <dt>Subject</dt>
        <dd className="pitch-subject">{preview.subject}</dd>
        <dt>Language</dt>
        <dd>{preview.language ?? '—'}</dd>
        <dt>Greeting</dt>
        <dd>{preview.greeting_name ?? 'plain greeting (the site names no owner or contact)'}</dd>
      </dl>
      <pre className="pitch-body" aria-label="Email body">
        {preview.body}
      </pre>
      <h3 className="title is-6 mt-4">Cited findings</h3>
      {preview.cited.length ? (
        <ul className="pitch-cited">
          {preview.cited.map((c) => (
            <li key={c.finding} className="mb-2">
              <span className="tag is-light mr-2">{c.finding}</span>
              <q>{c.sentence}</q>
              <div className="is-size-7 has-text-grey">Evidence: {c.evidence}</div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="has-text-grey">The email states no finding.</p>
      )}
      <h3 className="title is-6 mt-4">
        Quality <QualityScore score={preview.quality} />
      </h3>
      <QualityBreakdown breakdown={{ parts: preview.quality_parts }} />
      <p className="is-size-7 has-text-grey mt-2">Site audit: {preview.audit.measured ? 'measured' : `not measured (${preview.audit.reason})`}</p>
    </section>
  );
}
