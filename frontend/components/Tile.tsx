import { Box, type BoxProps } from '@chakra-ui/react'

/** A 48 px rounded square that centres its mark: an icon's tint or a platform's mark on white. */
export function Tile(props: BoxProps) {
  return (
    <Box
      boxSize="12"
      flexShrink="0"
      rounded="lg"
      display="flex"
      alignItems="center"
      justifyContent="center"
      {...props}
    />
  )
}
