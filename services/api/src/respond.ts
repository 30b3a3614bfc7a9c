/** The success envelope every answer uses: `{ success: true, message, data }`. */
export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data })
