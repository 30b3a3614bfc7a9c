import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import type { User } from '@bookstrut/schemas'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { PasswordField, SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { errorMessage } from '@/lib/api-client'
import { type FieldErrors, focusFirstInvalid, hasErrors, withoutError } from '@/lib/validation'
import { useUpdateUser } from '../api/update-user'
import {
  memberTypeOptions,
  profileValuesFromUser,
  socialLinkField,
  toProfileMemberType,
  toUpdateUserBody,
  validateProfile,
  variantOf,
  type ProfileField,
  type ProfileValues,
} from '../validation/profile-form'

/** websiteAndSocialLinks holds at most 10 entries: the website and up to 9 social links. */
const MAX_SOCIAL_LINKS = 9

const roleLabels: Record<string, string> = {
  reader: 'Reader',
  author: 'Author',
  publisher: 'Publisher',
  admin: 'Admin',
}

export function ProfileForm({ user }: { user: User }) {
  const variant = variantOf(user.role)
  const [values, setValues] = useState<ProfileValues>(() => profileValuesFromUser(user))
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({})
  const [editing, setEditing] = useState(false)
  const update = useUpdateUser()
  const locked = !editing || update.isPending

  const set = <K extends Exclude<keyof ProfileValues, 'socialLinks'>>(field: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }

  const setSocial = (index: number, value: string) => {
    setValues((v) => ({ ...v, socialLinks: v.socialLinks.map((link, i) => (i === index ? value : link)) }))
    setErrors((e) => withoutError(e, socialLinkField(index)))
  }

  const addSocial = () => setValues((v) => ({ ...v, socialLinks: [...v.socialLinks, ''] }))

  const removeSocial = (index: number) => {
    setValues((v) => {
      const socialLinks = v.socialLinks.filter((_, i) => i !== index)
      return { ...v, socialLinks: socialLinks.length > 0 ? socialLinks : [''] }
    })
    // Errors are keyed by position: re-check the remaining links on the next save.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith('socialLinks.'))))
  }

  const cancel = () => {
    setValues(profileValuesFromUser(user))
    setErrors({})
    setEditing(false)
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!editing) return
    const found = validateProfile(values, variant)
    setErrors(found)
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget)
    update.mutate(
      { userId: user._id, body: toUpdateUserBody(values, variant) },
      {
        onSuccess: ({ data, message }) => {
          toast.success(message || 'Profile updated successfully.')
          setValues(profileValuesFromUser(data))
          setEditing(false)
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update user data')),
      },
    )
  }

  const fullName = `${user.first_name} ${user.last_name}`.trim()
  return (
    <form className="profile-card" onSubmit={handleSubmit} noValidate aria-labelledby="profile-heading">
      {variant === 'creator' ? (
        <div
          className="profile-banner"
          style={
            user.bannerImage ? { backgroundImage: `url(${JSON.stringify(user.bannerImage)})` } : undefined
          }
          role="img"
          aria-label={user.bannerImage ? `${fullName}'s banner` : 'Default banner'}
        />
      ) : null}
      <div className={`profile-head${variant === 'reader' ? ' profile-head--reader' : ''}`}>
        <div className="profile-head__avatar">
          <Avatar
            firstName={user.first_name}
            lastName={user.last_name}
            imageUrl={user.profileImage}
            size="xl"
          />
        </div>
        <div className="profile-head__text">
          <h1 id="profile-heading" className="profile-head__name">
            {fullName || 'My Dashboard'}
          </h1>
          <p className="profile-head__meta">
            <span className="badge">{roleLabels[user.role] ?? user.role}</span>
            {variant === 'creator' && (
              <span className="profile-stat">
                <strong>{user.podcastCount}</strong> Total Titles
              </span>
            )}
          </p>
        </div>
        <div className="profile-head__actions">
          {editing ? (
            <Button variant="ghost" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          )}
          <Button type="submit" disabled={!editing} loading={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
      <p className="profile-note">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M12 2a10 10 0 100 20 10 10 0 000-20zm1 15h-2v-6h2zm0-8h-2V7h2z" fill="currentColor" />
        </svg>
        {variant === 'creator'
          ? 'Profile photo and banner uploads arrive together with the book catalogue. Your initials are shown until then.'
          : 'Profile photo uploads arrive together with the book catalogue. Your initials are shown until then.'}
      </p>

      <fieldset className="profile-fields" disabled={locked}>
        <legend className="visually-hidden">Profile details</legend>
        <div className="form-grid">
          <TextField
            label="First Name"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(e) => set('firstName', e.target.value)}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(e) => set('lastName', e.target.value)}
          />
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <SelectField
            label="Member Type"
            options={memberTypeOptions(variant)}
            value={values.memberType}
            disabled={locked || variant === 'reader'}
            hint={
              variant === 'reader'
                ? 'Readers keep the Reader member type.'
                : 'Switch between Author and Publisher.'
            }
            onChange={(e) => set('memberType', toProfileMemberType(e.target.value, values.memberType))}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={values.password}
            error={errors.password}
            placeholder={editing ? 'Leave blank to keep it' : '••••••••'}
            onChange={(e) => set('password', e.target.value)}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </div>

        {variant === 'creator' && (
          <>
            <TextField
              label="Website"
              type="url"
              inputMode="url"
              placeholder="https://your-site.com"
              value={values.website}
              error={errors.website}
              onChange={(e) => set('website', e.target.value)}
            />
            <div className="social-links">
              <p className="field__label" id="social-links-label">
                Social Links
              </p>
              <ul className="social-links__list" aria-labelledby="social-links-label">
                {values.socialLinks.map((link, index) => (
                  // Positions are the identity of these rows; messages name them by number.
                  <li key={index} className="social-links__row">
                    <TextField
                      label={`Social link ${index + 1}`}
                      type="url"
                      inputMode="url"
                      placeholder="https://instagram.com/you"
                      value={link}
                      error={errors[socialLinkField(index)]}
                      onChange={(e) => setSocial(index, e.target.value)}
                      fieldClassName="social-links__field"
                    />
                    {values.socialLinks.length > 1 && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => removeSocial(index)}
                        aria-label={`Remove social link ${index + 1}`}
                      >
                        Remove
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              <Button
                variant="link"
                onClick={addSocial}
                disabled={locked || values.socialLinks.length >= MAX_SOCIAL_LINKS}
              >
                + Add social link
              </Button>
            </div>
            <TextAreaField
              label="Bio"
              rows={5}
              maxLength={2000}
              placeholder="Tell readers who you are and what you write."
              value={values.bio}
              error={errors.bio}
              onChange={(e) => set('bio', e.target.value)}
            />
          </>
        )}
      </fieldset>
    </form>
  )
}
