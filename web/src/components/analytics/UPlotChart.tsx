// One uPlot chart (canvas), sized to its box and redrawn when its data or options change. The
// Analytics screen is a lazy chunk, so uPlot and its stylesheet load only with it. uPlot sets
// its sizes through element.style (the CSSOM), which the strict CSP allows; its CSS is bundled.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useWidth } from './useWidth.ts';

export type ChartOptions = Omit<uPlot.Options, 'width'>;

export function UPlotChart({ options, data, label }: { options: ChartOptions; data: uPlot.AlignedData; label: string }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const plot = useRef<uPlot | null>(null);
  const measured = width > 0;
  useEffect(() => {
    const element = ref.current;
    if (!element || !measured) return;
    const chart = new uPlot({ ...options, width: element.clientWidth }, data, element);
    plot.current = chart;
    return () => {
      chart.destroy();
      plot.current = null;
    };
  }, [options, data, measured, ref]);
  useEffect(() => {
    if (width > 0) plot.current?.setSize({ width, height: options.height });
  }, [width, options.height]);
  // data-points: how many x values the chart was given (the canvas itself cannot be read).
  return <div className="uplot-chart" ref={ref} role="img" aria-label={label} data-points={data[0].length} />;
}

/** Whole numbers only on a count axis. */
export const COUNT_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

export const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#e2e8f0', width: 1 } };
