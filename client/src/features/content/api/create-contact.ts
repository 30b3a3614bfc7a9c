import { useMutation } from '@tanstack/react-query'
import { ContactMessage, type ContactForm } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'

/** POST /create/ContactUs with the trimmed form (the token goes along when signed in). */
export const createContact = async (form: ContactForm) =>
  apiRequest('/create/ContactUs', {
    method: 'POST',
    body: {
      name: form.name.trim(),
      email: form.email.trim(),
      subject: form.subject.trim(),
      message: form.message.trim(),
    },
    schema: ContactMessage,
  })

export const useCreateContact = () => useMutation({ mutationFn: createContact })
