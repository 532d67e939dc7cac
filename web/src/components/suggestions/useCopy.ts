// Copy to clipboard with feedback: the copied item shows 'Copied' for 2 s, and a toast says
// '{label} copied to clipboard!'.
import { useEffect, useState } from 'react';
import defaults from '../../../../config/default.json';
import { useToast } from '../Toasts.tsx';

export function useCopy() {
  const toast = useToast();
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), defaults.ui.copy_feedback_ms);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(text: string, label: string, key = label) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return toast.error(`Could not copy the ${label.toLowerCase()}: select it and copy it by hand`);
    }
    setCopied(key);
    toast.success(`${label} copied to clipboard!`);
  }
  return { copied, copy };
}
