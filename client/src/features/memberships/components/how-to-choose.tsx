import { HowTo, type HowToStep } from '@/components/ui/how-to'

const steps: readonly HowToStep[] = [
  { title: 'Count your titles', text: 'Pick a plan whose book limit covers every title you want to list.' },
  { title: 'Compare the plans', text: 'Analytics come with every paid plan; listings stay on every plan.' },
  {
    title: 'Choose and pay',
    text: 'Select the plan, press Upgrade Now and pay by card. The price is shown first.',
  },
  {
    title: 'Start strutting',
    text: 'Your new limit applies at once: list your next title from My Listings.',
  },
]

/** The how-to-choose steps of the membership page. */
export const HowToChoose = () => <HowTo title="How to choose your plan" minutes={2} steps={steps} />
