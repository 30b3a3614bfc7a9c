/**
 * Three approved books the keyword (surface) search tests list, by key: one found by a title word, one whose title,
 * author and ideas a query reaches, and one whose title alone says "whale" (so ranking title over description shows).
 */
export const SURFACE_SEARCH_SHELF = {
  pride: {
    title: 'Pride and Prejudice',
    author: 'Jane Austen',
    description:
      'A witty story of manners, marriage and money in Regency England, told through the sharp eyes of Elizabeth Bennet.',
  },
  moby: {
    title: 'Moby-Dick',
    author: 'Herman Melville',
    description:
      'Captain Ahab leads the crew of the Pequod across the oceans in pursuit of the white whale that took his leg.',
    ideas: [
      'A captain hunts a whale for revenge',
      'Life aboard a nineteenth-century ship',
      'Obsession destroys a crew',
    ] as [string, string, string],
  },
  whaling: {
    title: 'Whale Songs of the North',
    author: 'Ida Strand',
    description:
      'A field guide to the calls of the northern seas, from humpbacks to orcas, for listeners on ships and shores.',
  },
}
