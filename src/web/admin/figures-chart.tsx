import { useEffect, useRef } from 'react';

export interface ChartSeries {
  label: string;
  data: number[];
}

const COLOURS = ['#0d6efd', '#198754', '#d63384', '#fd7e14', '#6f42c1', '#20c997'];

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
            borderColor: COLOURS[index % COLOURS.length],
            backgroundColor: COLOURS[index % COLOURS.length],
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
