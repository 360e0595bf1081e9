import type { ReactNode } from 'react';
import { Accordion, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES, RETENTION_DEFAULT_DAYS, TRAFFICKING_HOTLINE } from '@app/domain';
import { CONTENT_COPY, PRIVACY_SCREENING_ANCHOR } from './copy.ts';
import './content.css';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const Q = CONTENT_COPY.faq;
const contactLink = <Link to="/contactus">{MESSAGES.contact.title}</Link>;

interface FaqEntry {
  key: string;
  question: string;
  answer: ReactNode;
}

const entries: FaqEntry[] = [
  {
    key: 'contact-admin',
    question: Q.contactAdmin,
    answer: (
      <p className="mb-0">
        Use the {contactLink} form (also under {MESSAGES.nav.feedback} in the menu). Give your name, the
        e-mail address you would like the answer sent to and your question; the site administrator reads every
        message and replies by e-mail.
      </p>
    ),
  },
  {
    key: 'legal-contact',
    question: Q.legalContact,
    answer: (
      <p className="mb-0">
        Law enforcement officers and legal representatives can send requests through the {contactLink} form.
        Start the note with the word <strong>&lsquo;Legal&rsquo;</strong>, and give your agency, a contact
        e-mail address and the request; legal requests are passed to the responsible staff member straight
        away. We disclose information when the law requires it.
      </p>
    ),
  },
  {
    key: 'age',
    question: Q.ageRule,
    answer: (
      <p className="mb-0">
        Adults aged 18 or older only. Providers confirm their age and identity with a driver&rsquo;s licence
        or passport when they register; the documents stay private and only our staff see them.
      </p>
    ),
  },
  {
    key: 'post-ad',
    question: Q.postAd,
    answer: (
      <ol className="mb-0">
        <li>
          <Link to="/register">{MESSAGES.nav.register}</Link> as a Provider (an entertainer or an agency) and
          upload your ID document.
        </li>
        <li>
          Choose a <Link to="/package">package</Link>; it sets how many ads you may post.
        </li>
        <li>
          Open <Link to="/ads/submit">{MESSAGES.nav.postAd}</Link>, add your photos and details, and submit.
          You can edit your ads any time under {MESSAGES.nav.myAds}.
        </li>
      </ol>
    ),
  },
  {
    key: 'payment',
    question: Q.payment,
    answer: (
      <>
        <p>Payments are made outside the website. At checkout, or when you buy a package or send a tip:</p>
        <ol>
          <li>scan the payment QR code with your payment app;</li>
          <li>enter the total amount shown and pay it;</li>
          <li>copy the transaction ID your payment app gives you;</li>
          <li>enter that transaction ID on our form, check the details and submit.</li>
        </ol>
        <p className="mb-0">
          We match the transaction ID to the payment. Fees are in U.S. dollars, excluding taxes, and are not
          refunded; report a billing error within 120 days through the {contactLink} form.
        </p>
      </>
    ),
  },
  {
    key: 'report-listing',
    question: Q.reportListing,
    answer: (
      <p className="mb-0">
        Use the <Link to="/reporttrafficking">{MESSAGES.report.title}</Link> page: choose a reason, paste the
        listing&rsquo;s link or number and tell us what you saw. No account is needed and your e-mail address
        is optional. If someone may be a victim of trafficking, also call the hotline at{' '}
        {TRAFFICKING_HOTLINE.phone}. {MESSAGES.report.emergency}
      </p>
    ),
  },
  {
    key: 'screening-stores',
    question: Q.screeningStores,
    answer: (
      <>
        <p>
          Screen Hobbyists lets providers look up the phone number of someone who contacted them and share
          what they know with other providers. It stores the phone number (as digits only) with the date it
          was added, and the like, average and dislike ratings and the comments providers give it, each with
          its date and the provider who made it.
        </p>
        <p className="mb-0">
          Only signed-in provider accounts and our staff can see these entries; hobbyists, vendors and
          visitors never can. Every entry shows its date, providers can flag a comment as abusive or false,
          each provider may add only a limited number of entries a day, and our staff can remove any entry.
          See our <Link to={`/privacypolicy#${PRIVACY_SCREENING_ANCHOR}`}>{MESSAGES.privacy.title}</Link>.
        </p>
      </>
    ),
  },
  {
    key: 'screening-review',
    question: Q.screeningReview,
    answer: (
      <p className="mb-0">
        Use the <Link to="/screening-review">{MESSAGES.screeningReview.title}</Link> page: give the phone
        number (you may be asked to show that it is yours), what you dispute and an e-mail address. Our staff
        review the entries about the number, remove what should not be there, and e-mail you the outcome. The
        page never says whether a number has entries.
      </p>
    ),
  },
  {
    key: 'messages-private',
    question: Q.messagesPrivate,
    answer: (
      <p className="mb-0">
        Only the two sides of a conversation: you and the provider (or the hobbyist) you write with. Neither
        sees the other&rsquo;s e-mail address or phone, and the e-mail that tells you about a new message
        holds only a link (turn it off on My Profile). Either side can block the other, and report a message
        to our staff, who read it only then. Messages are deleted {RETENTION_DEFAULT_DAYS.messages} days after
        they are sent, unless the operator sets another period (the period in force is shown beside your
        messages).
      </p>
    ),
  },
  {
    key: 'export-data',
    question: Q.exportData,
    answer: (
      <p className="mb-0">
        Sign in and open My Profile, then Download your data and Prepare my data. In a minute or two one zip
        file is ready with everything the site keeps of your account (your profile, ads, places, products,
        orders, sales, wallet, tips, reactions, comments, messages, saved items, screening entries you wrote)
        and the files you uploaded. It is offered for 7 days; you can ask once a day.
      </p>
    ),
  },
  {
    key: 'delete-account',
    question: Q.deleteAccount,
    answer: (
      <p className="mb-0">
        Sign in and open My Profile: at the bottom, Delete your account says what goes and what stays, and
        asks for your password (and a code when two-factor sign-in is on). Your profile, ads, places,
        products, photos, messages, reactions, comments and screening entries go at once and you are signed
        out everywhere. Orders a seller must ship and payment records stay, without your name. If you cannot
        sign in, write to us through the {contactLink} form from your account&rsquo;s e-mail address.
      </p>
    ),
  },
];

/** FAQ (spec 000 §2): an accordion including the contact-administrator and legal-contact entries. */
export default function FaqPage() {
  usePageHead(sectionHead(MESSAGES.nav.faq, MESSAGES.pageHead.faqDescription, '/faq'));
  return (
    <Container className="content-page faq py-4 py-md-5">
      <Row className="justify-content-center">
        <Col lg={9} xl={8}>
          <h1 className="content-page__title">{MESSAGES.faq.title}</h1>
          <p className="lead text-body-secondary">
            {Q.intro} {Q.moreHelp} {contactLink} {Q.moreHelpEnd}
          </p>
          <Accordion>
            {entries.map((entry) => (
              <Accordion.Item key={entry.key} eventKey={entry.key}>
                <Accordion.Header as="h2">{entry.question}</Accordion.Header>
                <Accordion.Body>{entry.answer}</Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        </Col>
      </Row>
    </Container>
  );
}
