import { beforeAll } from 'vitest'
import { addBook, createAccount, uniqueWord, type Account } from './factories'
import { callApi } from './server'

/**
 * Signs the account in as the browser keeps a session: the keys sign-in stores (spec reader-and-account section 3).
 * `role` is the role the browser remembers (by default the account's own); `extra` sets further keys.
 */
export function signInInBrowser(
  account: Account,
  role: string = account.role,
  extra: Record<string, string> = {},
) {
  localStorage.setItem('token', account.token)
  localStorage.setItem('userId', account.id)
  localStorage.setItem('role', role)
  localStorage.setItem('isLogin', 'true')
  for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v)
}

export interface MarkedBooks {
  /** The author who owns the new books. */
  ownerId: string
  /** Titles read `${titlePrefix} <unique word> 01`, `… 02`, …, so they sort in the order they were made. */
  titlePrefix: string
  /** Adds one book with this title and returns its id (default: addBook with the title alone). */
  addBook?: (ownerId: string, title: string) => Promise<string>
  /** The API call by which the reader marks a book (favourite, ghost): its path and JSON body. */
  mark: (reader: Account, bookId: string) => { path: string; body: unknown }
}

/**
 * A reader, signed in in the browser, who marked `count` new books through the API (oldest first); returns the
 * reader and the titles. Throws when the API refuses a mark, so a broken arrangement fails the test loudly.
 */
export async function readerWithMarkedBooks(count: number, books: MarkedBooks) {
  const reader = await createAccount()
  const word = uniqueWord()
  const add = books.addBook ?? ((ownerId: string, title: string) => addBook(ownerId, { title }))
  const titles: string[] = []
  for (let i = 0; i < count; i++) {
    const title = `${books.titlePrefix} ${word} ${String(i + 1).padStart(2, '0')}`
    const bookId = await add(books.ownerId, title)
    const { path, body } = books.mark(reader, bookId)
    const res = await callApi(path, { method: 'POST', token: reader.token, body })
    if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${res.body.message}`)
    titles.push(title)
  }
  signInInBrowser(reader)
  return { reader, titles }
}

/**
 * For a test file whose readers mark one author's books: the author, made before the tests (`owner()`), and
 * `readerWith(count)`, a reader who marked `count` new books of theirs (readerWithMarkedBooks).
 */
export function booksMarkedByReaders(books: Omit<MarkedBooks, 'ownerId'>) {
  let made: Account | undefined
  beforeAll(async () => {
    made = await createAccount({ role: 'author' })
  })
  const owner = () => {
    if (!made) throw new Error('the owner is made in beforeAll: call owner() inside a test')
    return made
  }
  return {
    owner,
    readerWith: (count: number) => readerWithMarkedBooks(count, { ...books, ownerId: owner().id }),
  }
}
