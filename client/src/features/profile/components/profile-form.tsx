import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { SIGNUP_PASSWORD_RULE, type User } from '@bookstrut/schemas'
import { AccountFields } from '@/components/account/account-fields'
import { Avatar } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { useImageChooser, useObjectUrl, type ImageChooserOptions } from '@/components/ui/image-picker'
import { PasswordField, SelectField, TextAreaField, TextField } from '@/components/ui/field'
import { errorMessage, isApiError } from '@/lib/api-client'
import { type FieldErrors, fieldBinder, focusFirstInvalid, hasErrors, withoutError } from '@/lib/validation'
import { useUpdateUser, type ProfileImageFiles } from '../api/update-user'
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
import styles from './profile-form.module.css'
import { form } from '@/components/ui/form'
import { badgeClass } from '@/components/ui/badge'
import { profileCard } from '@/components/ui/profile-card'

/** websiteAndSocialLinks holds at most 10 entries: the website and up to 9 social links. */
const MAX_SOCIAL_LINKS = 9

type ImageChooser = ReturnType<typeof useImageChooser>

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
  const [images, setImages] = useState<ProfileImageFiles>({})
  const update = useUpdateUser()
  const locked = !editing || update.isPending
  const profilePreview = useObjectUrl(images.profile ?? null)
  const bannerPreview = useObjectUrl(images.banner ?? null)
  const imageError = (message: string) => toast.error(message)
  // Image tiles only work in edit mode; the crop dialog opens once a file is chosen (profile 1:1, banner 2.86:1).
  const chooserOf = (kind: keyof ProfileImageFiles, label: string): ImageChooserOptions => ({
    kind,
    label,
    onChange: (file) => setImages((i) => ({ ...i, [kind]: file })),
    onInvalid: imageError,
    disabled: locked,
  })
  const profileChooser = useImageChooser(chooserOf('profile', 'Profile image'))
  const bannerChooser = useImageChooser(chooserOf('banner', 'Banner'))

  const set = <K extends Exclude<keyof ProfileValues, 'socialLinks'>>(field: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => withoutError(e, field))
  }

  const bind = fieldBinder<'website' | 'bio' | 'currentPassword'>(values, errors, set)

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
    setImages({})
    setEditing(false)
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!editing) return
    const found = validateProfile(values, variant)
    setErrors(found)
    if (hasErrors(found)) return focusFirstInvalid(event.currentTarget)
    update.mutate(
      { userId: user._id, body: toUpdateUserBody(values, variant), files: images },
      {
        onSuccess: ({ data, message }) => {
          toast.success(message || 'Profile updated successfully.')
          setValues(profileValuesFromUser(data))
          setImages({})
          setEditing(false)
        },
        onError: (error) => {
          // A wrong current password: said under its field as well, where the owner retypes it.
          if (isApiError(error) && error.code === 'INVALID_CREDENTIALS')
            setErrors((e) => ({ ...e, currentPassword: error.message }))
          toast.error(errorMessage(error, 'Failed to update user data'))
        },
      },
    )
  }

  /** Over an image in edit mode: the button that opens its chooser; then the chooser's input and crop dialog. */
  const imageEdit = (chooser: ImageChooser, place: 'banner' | 'avatar', text: string, label?: string) => (
    <>
      {editing && (
        <button
          type="button"
          className={`${styles['image-edit-button']} ${styles[`image-edit-button--${place}`]}`}
          onClick={chooser.open}
          disabled={update.isPending}
          aria-label={label}
        >
          {text}
        </button>
      )}
      {chooser.elements}
    </>
  )

  const fullName = `${user.first_name} ${user.last_name}`.trim()
  return (
    <form className={profileCard.card} onSubmit={handleSubmit} noValidate aria-labelledby="profile-heading">
      {variant === 'creator' ? (
        <div className={styles['profile-banner-wrap']}>
          <div
            className={styles['profile-banner']}
            style={
              (bannerPreview ?? user.bannerImage)
                ? { backgroundImage: `url(${JSON.stringify(bannerPreview ?? user.bannerImage)})` }
                : undefined
            }
            role="img"
            aria-label={(bannerPreview ?? user.bannerImage) ? `${fullName}'s banner` : 'Default banner'}
          />
          {imageEdit(
            bannerChooser,
            'banner',
            user.bannerImage || images.banner ? 'Change banner' : 'Add banner',
          )}
        </div>
      ) : null}
      <div
        className={`${styles['profile-head']}${variant === 'reader' ? ` ${styles['profile-head--reader']}` : ''}`}
      >
        <div className={styles['profile-head__avatar']}>
          <Avatar
            firstName={user.first_name}
            lastName={user.last_name}
            imageUrl={profilePreview ?? user.profileImage}
            size="xl"
            className={styles['profile-head__avatar-img']}
          />
          {imageEdit(profileChooser, 'avatar', 'Change', 'Change profile image')}
        </div>
        <div className={styles['profile-head__text']}>
          <h1 id="profile-heading" className={styles['profile-head__name']}>
            {fullName || 'My Dashboard'}
          </h1>
          <p className={styles['profile-head__meta']}>
            <span className={badgeClass}>{roleLabels[user.role] ?? user.role}</span>
            {variant === 'creator' && (
              <span className={profileCard.stat}>
                <strong>{user.podcastCount}</strong> Total Titles
              </span>
            )}
          </p>
        </div>
        <div className={styles['profile-head__actions']}>
          {editing ? (
            <Button
              className={styles['profile-head__action']}
              variant="ghost"
              onClick={cancel}
              disabled={update.isPending}
            >
              Cancel
            </Button>
          ) : (
            <Button
              className={styles['profile-head__action']}
              variant="secondary"
              onClick={() => setEditing(true)}
            >
              Edit Profile
            </Button>
          )}
          <Button
            className={styles['profile-head__action']}
            type="submit"
            disabled={!editing}
            loading={update.isPending}
          >
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>

      <fieldset className={styles['profile-fields']} disabled={locked}>
        <legend className="visually-hidden">Profile details</legend>
        <AccountFields
          layout="grid"
          values={values}
          errors={errors}
          onChange={set}
          emailLabel="Email Address"
          passwordPlaceholder={editing ? 'Leave blank to keep it' : '••••••••'}
          passwordHint={editing ? SIGNUP_PASSWORD_RULE : undefined}
          memberType={
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
          }
        />

        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          placeholder={editing ? 'Needed only for a new password' : '••••••••'}
          hint={editing ? 'To set a new password, type your current one.' : undefined}
          {...bind('currentPassword')}
        />

        {variant === 'creator' && (
          <>
            <TextField
              label="Website"
              type="url"
              inputMode="url"
              placeholder="https://your-site.com"
              {...bind('website')}
            />
            <div className={styles['social-links']}>
              <p className={form.label} id="social-links-label">
                Social Links
              </p>
              <ul className={styles['social-links__list']} aria-labelledby="social-links-label">
                {values.socialLinks.map((link, index) => (
                  // Positions are the identity of these rows; messages name them by number.
                  <li key={index} className={styles['social-links__row']}>
                    <TextField
                      label={`Social link ${index + 1}`}
                      type="url"
                      inputMode="url"
                      placeholder="https://instagram.com/you"
                      value={link}
                      error={errors[socialLinkField(index)]}
                      onChange={(e) => setSocial(index, e.target.value)}
                      fieldClassName={styles['social-links__field']}
                    />
                    {values.socialLinks.length > 1 && (
                      <Button
                        className={styles['social-links__remove']}
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
              {...bind('bio')}
            />
          </>
        )}
      </fieldset>
    </form>
  )
}
