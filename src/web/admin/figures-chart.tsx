import { useEffect, useRef } from 'react';
import { tokenColour } from '@web/styles/token-colour';

export interface ChartSeries {
  label: string;
  data: number[];
}

// The design tokens' chart series (--app-chart-1 … 6): a canvas cannot read var().
const SERIES_COUNT = 6;
const seriesColour = (index: number) => tokenColour(`chart-${(index % SERIES_COUNT) + 1}`);

/**
 * A line or bar chart drawn with chart.js (issue 30 item 9). The library is imported here, on
 * first use, so it is its own chunk that only the console's figures page loads: no member's
 * or visitor's page carries it (scripts/initial-js-size.ts). The numbers stay readable in the
 * table beside each chart; the canvas is a picture of them.
 */
export function FiguresChart({
  kind,
  title,
  labels,
  series,
}: {
  kind: 'line' | 'bar';
  title: string;
  labels: string[];
  series: ChartSeries[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js').then((chartJs) => {
      const element = canvas.current;
      if (cancelled || !element) return;
      const { Chart } = chartJs;
      Chart.register(
        chartJs.LineController,
        chartJs.BarController,
        chartJs.LineElement,
        chartJs.BarElement,
        chartJs.PointElement,
        chartJs.CategoryScale,
        chartJs.LinearScale,
        chartJs.Legend,
        chartJs.Tooltip,
      );
      chart = new Chart(element, {
        type: kind,
        data: {
          labels,
          datasets: series.map((entry, index) => ({
            label: entry.label,
            data: entry.data,
            borderColor: seriesColour(index),
            backgroundColor: seriesColour(index),
            borderWidth: kind === 'line' ? 2 : 0,
            pointRadius: labels.length > 40 ? 0 : 2,
            tension: 0.2,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
        },
      });
      element.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series]);
  return (
    <div className="admin-chart">
      <canvas ref={canvas} role="img" aria-label={title} />
    </div>
  );
}
