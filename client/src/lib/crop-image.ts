/** A crop rectangle in the source image's pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number
  y: number
  width: number
  height: number
}

/** Output size of a crop: the area scaled down (never up) to at most `maxWidth` wide. */
export function outputSize(area: PixelArea, maxWidth: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / area.width)
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('The image could not be read.'))
    img.src = src
  })
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be saved.'))),
      'image/png',
    ),
  )
}

/**
 * Draws the cropped area of `src` as a PNG (spec: cropped images are saved as png). The picture is at most
 * `maxWidth` wide (the server's own maximum) and is made smaller until it fits `maxBytes`.
 */
export async function cropToPng(
  src: string,
  area: PixelArea,
  { maxWidth, maxBytes, fileName }: { maxWidth: number; maxBytes: number; fileName: string },
): Promise<File> {
  const image = await loadImage(src)
  let { width, height } = outputSize(area, maxWidth)
  for (let attempt = 0; ; attempt++) {
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('The image could not be saved.')
    ctx.imageSmoothingQuality = 'high'
    ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height)
    const blob = await toPng(canvas)
    if (blob.size <= maxBytes || attempt >= 6 || width < 80) {
      return new File([blob], fileName.replace(/\.[^.]*$/, '') + '.png', { type: 'image/png' })
    }
    width = Math.round(width * 0.8)
    height = Math.round(height * 0.8)
  }
}
