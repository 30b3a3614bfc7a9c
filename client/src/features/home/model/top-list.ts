/**
 * How many book cards make the Top 20's first row: the grid's columns at this width
 * (components/book/book-grid.module.css, `.book-grid`: 6, 3 up to 1023 px, 2 under 600 px).
 */
export const firstRowSize = (width: { narrow: boolean; tablet: boolean }): number =>
  width.narrow ? 2 : width.tablet ? 3 : 6
