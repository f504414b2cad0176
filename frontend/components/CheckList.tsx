import { Box, List } from '@chakra-ui/react'
import { Icon } from './Icon.tsx'

/** A bulleted list with check marks: features, benefits, advantages. */
export function CheckList({
  items,
  columns = 1,
}: {
  readonly items: readonly string[]
  readonly columns?: 1 | 2
}) {
  return (
    <List.Root
      gap="3"
      listStyleType="none"
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' }}
    >
      {items.map((item) => (
        <List.Item key={item} display="flex" gap="3" alignItems="flex-start">
          <Box color="green.700" flexShrink="0" mt="1">
            <Icon name="check" size={18} />
          </Box>
          {item}
        </List.Item>
      ))}
    </List.Root>
  )
}
