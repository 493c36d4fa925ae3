import type { OfferAction } from '@kikstart/contract/content';
import { DEFAULT_SIBLING_DISCOUNT_PERCENT } from './payments-data.ts';

/** Site copy for a new installation. Operators edit it later from the staff console. */
export const CONTENT_PAGES: {
  key: string;
  title: string;
  description: string;
  body: string;
  data?: Record<string, unknown>;
}[] = [
  {
    key: 'landing-page',
    title: 'Sports and enrichment programs kids love',
    description:
      'After-school and enrichment classes at your school or a public class near you, run by trained, background-checked coaches.',
    body: '',
    data: {
      hero: {
        eyebrow: 'After school · Enrichment · Weekend classes',
        title: 'Sports and enrichment programs kids love',
        subtitle:
          'Soccer, basketball, coding, chess and more, at your school or a public class near you. Trained, background-checked coaches; one simple sign-up for parents.',
        primaryCta: 'Find a program',
        secondaryCta: 'Request A Free Demo',
      },
      stats: [
        // Counted from catalog-data.ts; seed-claims.test.ts keeps them true.
        { value: '6', label: 'partner schools' },
        { value: '18', label: 'programs open for enrollment' },
        { value: '17', label: 'sports and activities' },
      ],
      steps: [
        { title: 'Find a class', text: 'Search by your school name or by a public class location near you.' },
        {
          title: 'Enroll in minutes',
          text: 'Add your child once, sign the waiver online and pay once or by membership.',
        },
        {
          title: 'Stay in the loop',
          text: 'See every upcoming session on your dashboard, or add them all to your own calendar.',
        },
      ],
    },
  },
  {
    key: 'about-us',
    title: 'About KikStart',
    description: 'Who we are and why we coach: active, curious kids and programs schools can count on.',
    body: `## Our story

KikStart began in 2014 with one soccer class in a school gym and twelve kids who did not want to go home. Today our coaches run sports and enrichment programs at six partner schools and at parks, libraries, museums and community centers around the Bay Area.

## What we believe

- **Every child plays.** Classes are grouped by age and ability, so beginners and budding athletes both have fun.
- **Coaches are educators.** Every coach is background-checked, first-aid certified and trained in our age-appropriate curriculum.
- **Parents stay informed.** Session plans, photos and messages from the coach, all in one place.

## How we work with schools

We bring the equipment, the coaches and the registration. Schools choose the days, we handle the rest, and families sign up online.`,
  },
  {
    key: 'faq-data',
    title: 'Frequently asked questions',
    description: 'Answers about enrollment, payments, memberships, safety and pickup.',
    body: '',
    data: {
      items: [
        {
          question: 'What ages do you coach?',
          answer: 'Our programs welcome children from age 4 to grade 8. Each program lists its age or grade range.',
        },
        {
          question: 'How do I enroll my child?',
          answer:
            'Create a parent account, add your child, choose a program and follow the enrollment steps. You sign the waiver online and pay once or with a membership.',
        },
        {
          question: 'What is a super parent membership?',
          answer:
            'A monthly or yearly membership that covers your children in every program marked "covered by membership", with no separate payment per class.',
        },
        {
          question: 'What if a program is full?',
          answer:
            'Join the waitlist. When a seat frees up, the first family on the list is offered it by email and has 24 hours to accept.',
        },
        {
          question: 'Can I withdraw my child?',
          answer:
            "Yes. You can drop out from the child's page at any time; the seat is offered to the next family on the waitlist.",
        },
        {
          question: 'Who can pick my child up?',
          answer:
            'Only guardians and the people you list as authorized for pickup. Coaches check the list at the end of every session.',
        },
        {
          question: 'Are photos taken during classes?',
          answer:
            "Yes. Coaches share class photos in the gallery of your account, and only with families whose children attend the same program. A photo reaches families once the coach has named every child in it; a photo that shows a child whose photo consent is No is shown only to that child's own family.",
        },
      ],
    },
  },
  {
    key: 'why-us-data',
    title: 'Why families choose KikStart',
    description: 'Qualified coaches, a real curriculum, and a parent experience built around safety.',
    body: '',
    data: {
      reasons: [
        {
          title: 'Qualified, checked coaches',
          text: 'Background checks, first-aid certification and our own coach training before anyone leads a class.',
        },
        {
          title: 'A curriculum, not just play time',
          text: 'Every session has a plan that builds skills week by week. You can read it in the app.',
        },
        {
          title: 'Right at your school',
          text: 'Classes start when the bell rings, so there is no extra drive in the afternoon.',
        },
        {
          title: 'Safety first',
          text: "Pickup lists, allergy notes and emergency contacts are on the coach's roster at every session.",
        },
      ],
    },
  },
  {
    key: 'settings-data',
    title: 'Site settings',
    description: 'Footer contact details and social links.',
    body: '',
    data: {
      companyName: 'KikStart Sports & Enrichment',
      tagline: 'Sports and enrichment programs kids love.',
      phone: '415-555-0142',
      email: 'hello@kikstart.example',
      address: '2150 Mission Street, Suite 300, San Francisco, CA 94110',
      hours: 'Monday to Friday, 8:00 AM – 6:00 PM',
      social: [
        { name: 'Facebook', url: 'https://facebook.com/kikstart' },
        { name: 'Instagram', url: 'https://instagram.com/kikstart' },
        { name: 'YouTube', url: 'https://youtube.com/@kikstart' },
      ],
    },
  },
  {
    key: 'contact-us-data',
    title: 'Contact us',
    description: 'Questions about a program, a payment or a partnership? Our team answers within one business day.',
    body: 'Questions about a program, a payment or bringing KikStart to your school? Send us a message and our family support team will answer within one business day.',
    data: {
      phone: '415-555-0142',
      email: 'hello@kikstart.example',
      address: '2150 Mission Street, Suite 300, San Francisco, CA 94110',
      hours: 'Monday to Friday, 8:00 AM – 6:00 PM',
    },
  },
  {
    key: 'waiver-data',
    title: 'Participation waiver',
    description: 'The waiver a guardian signs when enrolling a child.',
    body: `By enrolling my child in a KikStart program I confirm that:

1. My child is in good health and able to take part in physical activity. I have told KikStart about any allergy or medical condition in my child's profile.
2. I understand that sports carry a risk of injury, and I accept that risk for my child's participation.
3. In an emergency, KikStart staff may give first aid and call emergency services. I will be contacted at once.
4. My child will only be released to a guardian or a person on my authorized pickup list.
5. I have read the photo policy and the anti-harassment policy.`,
  },
  {
    key: 'photo-policy',
    title: 'Photo policy',
    description: 'How we take, store and share photos of children.',
    body: `## Consent comes first

Every child has a photo consent choice, Yes or No, in their profile. You can change it at any time, and the change applies straight away, also to photos already shared.

## Who sees photos

Coaches share class photos in the gallery of your account, and only with families whose children attend the same program. A photo reaches families only after the coach has named every child in it. A photo that shows a child whose photo consent is No is shown only to that child's own family. Photos are never published on our public website or social media without separate written permission.

## How photos are stored

Location data and other hidden details are removed from every photo when it is uploaded, and photos are kept in private storage that only the families allowed to see them can reach. You can keep photos and download them together; they are part of your family's data download. Photos are deleted two years after the session they were taken at, and when a child is deleted, the photos that show them are deleted too.`,
  },
  {
    key: 'harassment-policy',
    title: 'Anti-harassment policy',
    description: 'Our commitment to a safe, respectful environment for children, families and staff.',
    body: `KikStart does not tolerate harassment, bullying or discrimination by anyone: coaches, staff, parents or children.

## Reporting

If you see or experience harassment, tell the coach or email **safety@kikstart.example**. Reports are handled confidentially and answered within 48 hours.

## What happens next

We investigate every report, keep the people involved informed, and take action up to removal from our programs or our staff.`,
  },
  {
    key: 'terms-and-conditions',
    title: 'Terms and conditions',
    description: 'The terms for using the KikStart website and enrolling in programs.',
    body: `## Enrollment

An enrollment is confirmed once payment is received or a membership covers it. Seats are held for 30 minutes while you complete payment.

## Payments and refunds

One-time payments are refunded in full, automatically, if you drop out before the first session. After the first session, a drop-out is a refund request that our team reviews and answers by email. Memberships can be cancelled at any time and end at the close of the current billing period. When a membership ends, each enrollment it covered becomes a seat held for you with a Pay button, and we email you; a held seat that is not paid for within 7 days is released to other families. Detaching a child from a membership works the same way for that child's seats, and attaching the child to the same membership again does not cover them again.

## Conduct

Families agree to follow our anti-harassment policy. We may end an enrollment that puts other children at risk.`,
  },
  {
    key: 'privacy-policy',
    title: 'Privacy policy',
    description: 'What data we collect about you and your children, and how we protect it.',
    body: `## What we collect

Your name, email, phone and address; your children's names, dates of birth, school, allergy and medical notes, emergency contacts and pickup list. We need these to run safe programs.

## Who can see it

Your child's coach sees the roster details needed for each session. Admins see what they need to support you. We never sell personal data.

## Your choices

You can update or delete your children's information at any time, and ask us for a copy of everything we hold about you by writing to **privacy@kikstart.example**.`,
  },
  {
    key: 'bring-to-my-school',
    title: 'Bring KikStart to your school',
    description:
      'Add after-school sports and enrichment at no cost to your school: we bring coaches, equipment and registration.',
    body: 'We partner with public and private schools to run after-school and enrichment programs on site. There is no cost to the school: families register and pay online, and we bring certified coaches and all the equipment.',
    data: {
      benefits: [
        {
          title: 'No cost to the school',
          text: 'Families register and pay online; we handle billing, waivers and rosters.',
        },
        {
          title: 'Certified coaches',
          text: 'Background-checked, first-aid trained coaches who follow a written curriculum.',
        },
        { title: 'Flexible schedule', text: 'You pick the days and the rooms; we fit around your bell schedule.' },
      ],
    },
  },
];

export const TESTIMONIALS = [
  {
    authorName: 'Maria Gonzalez',
    authorRole: 'Parent, Lincoln Elementary',
    quote:
      'My son used to dread PE. After one season of KikStart soccer he asks every morning if it is a practice day.',
    rating: 5,
  },
  {
    authorName: 'David Chen',
    authorRole: 'Principal, Rosewood Academy',
    quote:
      'KikStart took care of everything from registration to pickup. Our after-school offer doubled without adding work for my staff.',
    rating: 5,
  },
  {
    authorName: 'Aisha Okafor',
    authorRole: 'Parent of two',
    quote:
      'Seeing the session plan and photos after class makes it easy to talk with my daughters about what they learned.',
    rating: 5,
  },
  {
    authorName: 'Tom Becker',
    authorRole: 'Parent, Hillcrest Middle School',
    quote: 'The coaches know every child by name, and the allergy notes were on the roster from day one.',
    rating: 4,
  },
];

/**
 * Each offer says only what the product does: the school offer opens a demo request for it;
 * the family offers lead to the programs and describe what the checkout and a drop-out do
 * (apps/api/src/modules/payments/pricing.ts and refunds.ts).
 */
export const OFFERS: { title: string; description: string; badge: string; action: OfferAction }[] = [
  {
    title: 'Sibling discount',
    description: `Enroll two or more of your children in programs that run in the same term: the child with the highest-priced program pays full price and every other child gets ${DEFAULT_SIBLING_DISCOUNT_PERCENT}% off. The checkout takes it off for you, no code needed.`,
    badge: `${DEFAULT_SIBLING_DISCOUNT_PERCENT}% off`,
    action: 'browse_programs',
  },
  {
    title: 'Full refund before the first session',
    description:
      'Plans change. Drop out from your account before a program starts and your payment is refunded in full, automatically. Once it has started, our team reviews refund requests.',
    badge: 'Risk-free',
    action: 'browse_programs',
  },
  {
    title: 'School partnership launch',
    description: 'Schools that join this term get a free assembly demo and four weeks of enrichment classes on us.',
    badge: 'For schools',
    action: 'request_demo',
  },
];

export const MEMBERSHIP_PLANS = [
  {
    slug: 'super-parent-monthly',
    name: 'Super Parent Monthly',
    description: 'Every covered program for up to two children, billed monthly.',
    interval: 'month' as const,
    priceCents: 8900,
    maxChildren: 2,
    features: ['Up to 2 children', 'All programs covered by membership', 'Cancel any time'],
    sortOrder: 1,
  },
  {
    slug: 'super-parent-yearly',
    name: 'Super Parent Yearly',
    description: 'Every covered program for up to four children, billed yearly: two months free.',
    interval: 'year' as const,
    priceCents: 89000,
    maxChildren: 4,
    features: ['Up to 4 children', 'All programs covered by membership', 'Two months free'],
    sortOrder: 2,
  },
];
