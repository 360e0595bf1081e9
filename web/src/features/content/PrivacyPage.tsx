import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MESSAGES, RETENTION_DEFAULT_DAYS, SCREENING_REVIEW_RETENTION_DAYS } from '@app/domain';
import { LegalPage } from './LegalPage.tsx';
import type { LegalSection } from './LegalPage.tsx';
import { CONTENT_COPY, PRIVACY_SCREENING_ANCHOR } from './copy.ts';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const SITE = MESSAGES.site.name;
const contactLink = <Link to="/contactus">{MESSAGES.contact.title}</Link>;
const reviewLink = <Link to="/screening-review">{MESSAGES.screeningReview.title}</Link>;

/** The bodies of the ten sections, in the order of CONTENT_COPY.privacy. */
const bodies: ReactNode[] = [
  <>
    <p>
      {SITE} runs this website, an adult directory and marketplace for people aged 18 and over. This policy
      explains what personal information we collect when you visit or use the website, how we use it, and the
      choices you have. By using the website you agree to this policy and to our{' '}
      <Link to="/termsofservice">{MESSAGES.terms.title}</Link>.
    </p>
  </>,
  <>
    <p>We collect the information you choose to give us:</p>
    <ul>
      <li>
        <strong>When you sign up:</strong> your username and e-mail address, and the other registration
        details you enter (name, phone number, date of birth, nearest city, account type).
      </li>
      <li>
        <strong>Content you post:</strong> ads, places, products, photos, videos, comments, ratings and
        messages, and your profile details and picture.
      </li>
      <li>
        <strong>When you contact us:</strong> your name, e-mail address and message, and any report you send
        to our staff.
      </li>
    </ul>
    <h3 id={PRIVACY_SCREENING_ANCHOR} className="fs-6 fw-bold mt-4" style={{ scrollMarginTop: '7rem' }}>
      {CONTENT_COPY.privacyParts.screening}
    </h3>
    <p>
      Provider accounts can use Screen Hobbyists to share safety information about the people who contact
      them. For this feature we store:
    </p>
    <ul>
      <li>a phone number, kept as its digits only (for example 5551234567), and the date it was added;</li>
      <li>
        the like, average and dislike ratings providers give that number and the comments they write about it,
        each with its date and the provider account that made it.
      </li>
    </ul>
    <p>
      Screening entries are visible only to signed-in provider accounts and to our staff. They are never shown
      to hobbyists, vendors or visitors, and they appear on no public page. Each provider may add only a
      limited number of entries a day, providers can flag a comment to our staff as abusive or false, and our
      staff can remove any entry; removals are recorded.
    </p>
    <p>
      If you think the entries about your phone number are wrong or should not be there, anyone can ask for a
      review on the {reviewLink} page: give the number, what you dispute and an e-mail address. The page never
      says whether a number has entries. Our staff review the entries beside your request, remove what should
      not be there (each removal is recorded) and e-mail you the outcome. We keep the request for{' '}
      {SCREENING_REVIEW_RETENTION_DAYS} days after the outcome, then delete it.
    </p>
  </>,
  <>
    <p>
      When you buy a package, a tip or a shop order we keep the payment details needed to record it: the
      amount, the transaction ID you enter and your billing details. Payments themselves are made outside the
      website.
    </p>
    <p>
      A card number is only kept if you give us your consent to keep it, and you may withdraw that consent at
      any time.
    </p>
  </>,
  <>
    <p>When you use the website we automatically record:</p>
    <ul>
      <li>your activity, such as the pages you view, searches, reactions and the time of each visit;</li>
      <li>
        device and browser data, such as your IP address, browser type and version, operating system and
        language settings.
      </li>
    </ul>
  </>,
  <>
    <p>
      We use cookies and your browser&rsquo;s local storage to keep you signed in, to remember your cart and
      to remember that you have accepted the disclaimer. You can clear or block them in your browser settings;
      some features, such as signing in, will not work without them.
    </p>
  </>,
  <>
    <p>We use your information to:</p>
    <ul>
      <li>create and run your account and show the content you post;</li>
      <li>process packages, subscriptions, tips and orders, and keep records of payments;</li>
      <li>answer your messages and reports;</li>
      <li>keep the website safe, including checking providers&rsquo; identity and age;</li>
      <li>detect and prevent fraud, spam, abuse, trafficking and the involvement of minors;</li>
      <li>understand how the website is used and improve it;</li>
      <li>meet our legal obligations.</li>
    </ul>
  </>,
  <>
    <p>We do not sell your personal information, and we do not give it to third parties for their own use.</p>
    <p>
      We disclose information to law enforcement or other authorities when the law requires it, when a court
      or a lawful request orders it, or when we believe it is needed to protect someone from harm, including
      in cases of suspected trafficking or of minors.
    </p>
  </>,
  <>
    <p>
      The identity documents providers upload at registration are private: they are never shown on the website
      and only our staff can see them, to check age and identity.
    </p>
    <p>
      Photos uploaded to the website are processed on upload, and their location metadata (such as GPS
      coordinates in the file) is removed before they are stored or shown.
    </p>
  </>,
  <>
    <p>
      We protect your information with reasonable technical and organisational measures, such as encrypted
      connections and hashed passwords, but no website can be completely secure. We keep personal information
      only for as long as your account is open, or as long as we need it for the purposes above and to meet
      our legal obligations.
    </p>
    <p>Some information is deleted sooner, automatically:</p>
    <ul>
      <li>
        the identity documents providers upload, a set number of days after our decision on them (
        {RETENTION_DEFAULT_DAYS.documents} unless the site&rsquo;s operator sets another period); the record
        of the decision stays;
      </li>
      <li>
        the messages of your conversations (between a hobbyist and a provider&rsquo;s ad),{' '}
        {RETENTION_DEFAULT_DAYS.messages} days after they are sent unless the operator sets another period
        (the period in force is shown beside your messages). Only the two sides of a conversation read it; the
        e-mail that tells you about a new message holds only a link, never the message or anyone&rsquo;s
        address, and you can turn these e-mails off on My Profile. Our staff read a message only when one side
        reports it;
      </li>
      <li>documents uploaded during a registration that was never completed, after 24 hours;</li>
      <li>
        screening review requests (the phone number, what was disputed and the address given),{' '}
        {SCREENING_REVIEW_RETENTION_DAYS} days after we sent the outcome.
      </li>
    </ul>
  </>,
  <>
    <p>
      You can view and correct your profile at any time in your account, and delete your account yourself on
      My Profile: your profile, ads, places, products, photos, messages, reactions, comments and screening
      entries are deleted, and orders and payment records we must keep stay without your name. You can
      download a copy of your data there too (Download your data: one zip file, offered for 7 days). With any
      question about this policy, write to us through the {contactLink} form.
    </p>
    <p>
      To ask for the screening entries about your phone number to be reviewed or removed, use the {reviewLink}{' '}
      page (see <a href={`#${PRIVACY_SCREENING_ANCHOR}`}>{CONTENT_COPY.privacyParts.screening}</a> in section
      2).
    </p>
    <p>
      We may update this policy from time to time. The date at the top shows when it last changed; continuing
      to use the website after a change means you accept the updated policy.
    </p>
  </>,
];

const sections: LegalSection[] = CONTENT_COPY.privacy.map((heading, index) => ({
  id: `privacy-${index + 1}`,
  heading,
  body: bodies[index],
}));

/** Privacy Policy (spec 000 §1, §2): ten numbered sections. */
export default function PrivacyPage() {
  usePageHead(sectionHead(MESSAGES.footer.privacy, MESSAGES.pageHead.privacyDescription, '/privacypolicy'));
  return (
    <LegalPage
      title={MESSAGES.privacy.title}
      updated={CONTENT_COPY.legal.updated}
      sections={sections}
      numbered
    />
  );
}
