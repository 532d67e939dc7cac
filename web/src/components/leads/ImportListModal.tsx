// Import list (Leads screen): choose a CSV or a text file of web addresses, see what it holds
// (rows accepted, rows skipped with the reason per line, hostnames already leads), then
// "Import" creates the campaign that reads it. The file's text is shown as text only.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client.ts';
import { importList, previewList, type ListPreview } from '../../api/lead-lists.ts';
import type { Campaign } from '../../api/campaigns.ts';
import { ModeChoice, type Mode } from '../campaigns/ModeChoice.tsx';
import { Modal } from '../Modal.tsx';
import '../campaigns/campaigns.css'; // the mode radio's layout

const n = (count: number) => count.toLocaleString('en-US');

export function ImportListModal({ onClose, onImported }: { onClose: () => void; onImported: (campaign: Campaign, preview: ListPreview) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ListPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('test');
  const [start, setStart] = useState(true);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    setName(`List: ${chosen.name}`.slice(0, 200));
    setBusy('preview');
    try {
      setPreview(await previewList(chosen));
    } catch (error) {
      setProblem(errorText(error, 'Failed to read the list'));
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || !preview?.accepted) return;
    setBusy('import');
    try {
      const { campaign, preview: imported } = await importList(file, { name, mode, start });
      onImported(campaign, imported);
    } catch (error) {
      setProblem(errorText(error, 'Failed to import the list'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title="Import a lead list"
      onClose={onClose}
      onSubmit={submit}
      busy={busy !== null}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy !== null}>
            Cancel
          </button>
          <button type="submit" className="button is-primary" disabled={busy !== null || !preview?.accepted}>
            {busy === 'import' ? 'Importing…' : preview?.accepted ? `Import ${n(preview.accepted)} businesses` : 'Import'}
          </button>
        </>
      }
    >
      <div className="field">
        <label className="label" htmlFor="lead-list-file">
          List file
        </label>
        <div className="control">
          <input id="lead-list-file" className="input" type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" onChange={(event) => void choose(event.target.files?.[0] ?? null)} disabled={busy !== null} />
        </div>
        <p className="help">
          A CSV with a header row (a <code>url</code>, <code>website</code> or <code>domain</code> column; optional name, email, phone, city) or one web address per line.
          Businesses already in your leads are reported, not added again. No search quota is used.
        </p>
      </div>
      {busy === 'preview' ? <p className="has-text-grey">Reading the list…</p> : null}
      {problem ? (
        <div className="notification is-danger is-light" role="alert">
          {problem}
        </div>
      ) : null}
      {preview ? <PreviewReport preview={preview} /> : null}
      {preview?.accepted ? (
        <div className="mt-4">
          <div className="field">
            <label className="label" htmlFor="lead-list-name">
              Campaign name
            </label>
            <div className="control">
              <input id="lead-list-name" className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
            </div>
          </div>
          <ModeChoice value={mode} onChange={setMode} />
          <label className="checkbox">
            <input type="checkbox" checked={start} onChange={(event) => setStart(event.target.checked)} /> Start the campaign now (analyse every website, then draft emails)
          </label>
        </div>
      ) : null}
    </Modal>
  );
}

function PreviewReport({ preview: p }: { preview: ListPreview }) {
  return (
    <section aria-label="List preview" className="lead-list-preview">
      <div className="tags are-medium">
        <span className="tag is-success is-light" data-testid="accepted">
          {n(p.accepted)} to import
        </span>
        <span className="tag is-light">{n(p.with_email)} with a contact email</span>
        <span className={`tag is-light ${p.known ? 'is-info' : ''}`} data-testid="known">
          {p.known === 1 ? '1 already a lead' : `${n(p.known)} already leads`}
        </span>
        <span className={`tag is-light ${p.skipped ? 'is-warning' : ''}`} data-testid="skipped">
          {n(p.skipped)} skipped
        </span>
      </div>
      {p.sample.length ? (
        <div className="table-container">
          <table className="table is-narrow is-fullwidth is-size-7">
            <caption className="has-text-left has-text-grey is-size-7">
              First rows to import ({p.format === 'csv' ? 'CSV with a header' : 'one web address per line'})
            </caption>
            <thead>
              <tr>
                <th>Line</th>
                <th>Website</th>
                <th>Name</th>
                <th>Email</th>
                <th>City</th>
              </tr>
            </thead>
            <tbody>
              {p.sample.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.hostname}</td>
                  <td>{row.name}</td>
                  <td>{row.email}</td>
                  <td>{row.city}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LineList title="Skipped rows" total={p.skipped} items={p.skipped_lines.map((s) => ({ line: s.line, text: s.reason }))} />
      <LineList
        title="Already in your leads (not added again)"
        total={p.known}
        items={p.known_lines.map((k) => ({ line: k.line, text: k.hostname, to: `/leads/${k.lead_id}` }))}
      />
      <LineList title="Kept without a part" total={p.notes.length} items={p.notes.map((s) => ({ line: s.line, text: s.reason }))} />
    </section>
  );
}

function LineList({ title, total, items }: { title: string; total: number; items: { line: number; text: string; to?: string }[] }) {
  if (!total) return null;
  return (
    <details className="mt-3" open={total <= 20}>
      <summary className="has-text-weight-semibold">
        {title} ({n(total)})
      </summary>
      <ul className="lead-list-lines is-size-7">
        {items.map((item) => (
          <li key={item.line}>
            <span className="has-text-grey">line {item.line}:</span> {item.to ? <Link to={item.to}>{item.text}</Link> : item.text}
          </li>
        ))}
        {total > items.length ? <li className="has-text-grey">… and {n(total - items.length)} more</li> : null}
      </ul>
    </details>
  );
}
