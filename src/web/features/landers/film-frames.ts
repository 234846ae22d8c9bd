import { tokenColour } from '@web/styles/token-colour';

/**
 * The lander "video", drawn frame by frame on a canvas (nothing loaded from outside): a title
 * card, then each member's photo sliding in with a slow zoom and their name, then the call to
 * join. Pure drawing from a time, so the player can pause, seek and loop.
 */
export interface FilmScene {
  photo: HTMLImageElement | null;
  caption: string;
}

export const TITLE_SECONDS = 2.5;
export const SCENE_SECONDS = 3;

export function filmLength(scenes: number): number {
  return TITLE_SECONDS * 2 + scenes * SCENE_SECONDS;
}

const ease = (value: number) => 1 - (1 - Math.min(1, Math.max(0, value))) ** 3;

export function drawFilmFrame(
  context: CanvasRenderingContext2D,
  seconds: number,
  scenes: FilmScene[],
  titles: { opening: string; closing: string },
): void {
  const { width, height } = context.canvas;
  context.fillStyle = tokenColour('scene-deep', context.canvas);
  context.fillRect(0, 0, width, height);
  const scenesEnd = TITLE_SECONDS + scenes.length * SCENE_SECONDS;
  if (seconds < TITLE_SECONDS || scenes.length === 0) {
    drawTitle(context, titles.opening, seconds / TITLE_SECONDS);
    return;
  }
  if (seconds >= scenesEnd) {
    drawTitle(context, titles.closing, (seconds - scenesEnd) / TITLE_SECONDS);
    return;
  }
  const index = Math.floor((seconds - TITLE_SECONDS) / SCENE_SECONDS);
  const progress = (seconds - TITLE_SECONDS - index * SCENE_SECONDS) / SCENE_SECONDS;
  drawScene(context, scenes[index]!, progress);
}

function drawTitle(context: CanvasRenderingContext2D, text: string, progress: number) {
  const { width, height } = context.canvas;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, tokenColour('accent', context.canvas));
  gradient.addColorStop(1, tokenColour('glow', context.canvas));
  context.globalAlpha = ease(progress * 2);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.fillStyle = tokenColour('on-scene', context.canvas);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `700 ${Math.round(height / 10)}px system-ui, sans-serif`;
  wrapText(context, text, width / 2, height / 2, width * 0.8, height / 8);
  context.globalAlpha = 1;
}

function drawScene(context: CanvasRenderingContext2D, scene: FilmScene, progress: number) {
  const { width, height } = context.canvas;
  // The photo slides in from the right, then zooms slowly; a blurred copy fills the sides.
  const slide = (1 - ease(progress * 4)) * width * 0.3;
  const zoom = 1 + progress * 0.08;
  if (scene.photo?.complete && scene.photo.naturalWidth > 0) {
    context.save();
    context.filter = 'blur(24px) brightness(0.6)';
    context.drawImage(scene.photo, -width * 0.1, -height, width * 1.2, width * 1.2);
    context.restore();
    const size = height * zoom;
    context.globalAlpha = ease(progress * 3);
    context.drawImage(scene.photo, (width - size) / 2 + slide, (height - size) / 2, size, size);
    context.globalAlpha = 1;
  }
  const band = context.createLinearGradient(0, height * 0.6, 0, height);
  band.addColorStop(0, 'transparent');
  band.addColorStop(1, tokenColour('photo-fade', context.canvas));
  context.fillStyle = band;
  context.fillRect(0, height * 0.6, width, height * 0.4);
  context.globalAlpha = ease((progress - 0.15) * 4);
  context.fillStyle = tokenColour('on-photo', context.canvas);
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
  context.font = `700 ${Math.round(height / 14)}px system-ui, sans-serif`;
  context.fillText(scene.caption, width * 0.06, height * 0.9, width * 0.88);
  context.globalAlpha = 1;
}

function wrapText(
  context: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  maxWidth: number,
  lineHeight: number,
) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width > maxWidth && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  const top = y - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((text, index) => context.fillText(text, x, top + index * lineHeight, maxWidth));
}
