import { srcSet } from '../../components/images.ts'
import { image } from './content.ts'
import { sideBySide, storyImageSizes } from './story-image.ts'

/**
 * Side by side with the story, the picture is in the first screen and fetched with the HTML; on a
 * phone it is lazy (+Page.tsx), so it never takes the connection before the text is drawn.
 * Browsers without AVIF skip the preload and fetch their format when the picture is laid out.
 */
export default function Head() {
  return (
    <link
      rel="preload"
      as="image"
      type="image/avif"
      imageSrcSet={srcSet(image, 'avif')}
      imageSizes={storyImageSizes}
      media={sideBySide}
      fetchPriority="high"
    />
  )
}
