import { useState, type MouseEvent } from 'react';
import { Box, ColorSwatch, getThemeColor, Group, Paper, Text, useDirection, useMantineTheme, type MantineColor } from '@mantine/core';
import { formatNumber } from '../lib/format';

export type PieSlice = { name: string; value: number; color: MantineColor };

type Props = {
  data: readonly PieSlice[];
  /** The accessible name of the whole chart: the figures a screen reader hears instead of the drawing. */
  label: string;
  /** Width and height in pixels. */
  size?: number;
  /** A click on a slice: the mouse's shortcut; whatever it does must also be reachable by keyboard elsewhere. */
  onSliceClick?: (name: string) => void;
};

/** Coordinates to a hundredth of a pixel: finer is invisible and only lengthens the paths. */
const round = (n: number) => Math.round(n * 100) / 100;
/** Where a slice's value is written, as a share of the radius. */
const LABEL_RADIUS = 0.62;

/**
 * A pie chart drawn as plain SVG: one slice per entry from twelve o'clock, clockwise (counter-
 * clockwise right to left, so the slices follow the reading order of a legend), each with its
 * value written on it, and a tooltip with the entry's name and value under the pointer. It
 * replaced recharts, which weighed 99 KB gzipped for this one chart.
 *
 * The drawing is one `role="img"` named by `label`; its slices are not focusable.
 */
export function PieChart({ data, label, size = 200, onSliceClick }: Props) {
  const theme = useMantineTheme();
  const { dir } = useDirection();
  const [hover, setHover] = useState<{ name: string; x: number; y: number } | null>(null);

  const radius = size / 2;
  const side = dir === 'rtl' ? -1 : 1;
  const at = (angle: number, r: number) => [round(radius + side * r * Math.sin(angle)), round(radius - r * Math.cos(angle))] as const;
  const total = data.reduce((sum, entry) => sum + entry.value, 0);

  let start = 0;
  const slices = data.map((entry) => {
    const sweep = total > 0 ? (entry.value / total) * 2 * Math.PI : 0;
    const slice = { ...entry, fill: getThemeColor(entry.color, theme), start, end: start + sweep, sweep };
    start += sweep;
    return slice;
  });
  // The tooltip goes with its slice: a slice hidden by a click (a tap on a phone) takes it along.
  const hovered = hover ? slices.find((slice) => slice.name === hover.name) : undefined;

  const track = (name: string) => (event: MouseEvent<SVGElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    setHover({ name, x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) });
  };

  return (
    <Box pos="relative" w={size} h={size}>
      <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${size} ${size}`} style={{ display: 'block', overflow: 'visible' }}>
        {slices.map((slice) => {
          if (slice.sweep === 0) return null;
          const shared = {
            fill: slice.fill,
            stroke: 'var(--mantine-color-body)',
            strokeWidth: 1,
            strokeLinejoin: 'round' as const,
            'data-slice': slice.name,
            style: onSliceClick ? { cursor: 'pointer' } : undefined,
            onClick: onSliceClick && (() => onSliceClick(slice.name)),
            onMouseMove: track(slice.name),
            onMouseLeave: () => setHover(null),
          };
          // A whole circle is no arc: its two ends would be the same point.
          if (slice.sweep >= 2 * Math.PI - 1e-9) return <circle key={slice.name} cx={radius} cy={radius} r={radius} {...shared} />;
          const [x0, y0] = at(slice.start, radius);
          const [x1, y1] = at(slice.end, radius);
          const large = slice.sweep > Math.PI ? 1 : 0;
          const clockwise = side === 1 ? 1 : 0;
          return <path key={slice.name} d={`M${radius} ${radius}L${x0} ${y0}A${radius} ${radius} 0 ${large} ${clockwise} ${x1} ${y1}Z`} {...shared} />;
        })}
        {slices.map((slice) => {
          const text = formatNumber(slice.value);
          // A value is written only where it fits between the slice's edges; the tooltip and the legend still give it.
          if (slice.sweep * radius * LABEL_RADIUS < 7 * text.length + 8) return null;
          const [x, y] = slice.sweep >= 2 * Math.PI - 1e-9 ? [radius, radius] : at(slice.start + slice.sweep / 2, radius * LABEL_RADIUS);
          return (
            <text
              key={slice.name}
              x={x}
              y={y}
              textAnchor="middle"
              dominantBaseline="central"
              fill="var(--mantine-color-white)"
              fontSize={13}
              fontWeight={700}
              style={{ pointerEvents: 'none' }}
            >
              {text}
            </text>
          );
        })}
      </svg>
      {hover && hovered && (
        <Paper
          shadow="md"
          withBorder
          px="sm"
          py={6}
          style={{
            position: 'absolute',
            left: hover.x,
            top: hover.y,
            // Towards the middle of the chart, so the tooltip never leaves a narrow screen.
            transform: `translate(${hover.x > radius ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            zIndex: 1,
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={hovered.fill} size={12} withShadow={false} />
            <Text size="sm">{hovered.name}</Text>
            <Text size="sm" fw={600}>
              {formatNumber(hovered.value)}
            </Text>
          </Group>
        </Paper>
      )}
    </Box>
  );
}
