import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { HotlineText } from './HotlineLinks.tsx';
import { LegalPage } from './LegalPage.tsx';
import type { LegalSection } from './LegalPage.tsx';
import { CONTENT_COPY } from './copy.ts';
import { sectionHead, usePageHead } from '../../app/head.tsx';

const S = CONTENT_COPY.terms;
const SITE = MESSAGES.site.name;

const sections: LegalSection[] = [
  {
    id: 'introduction',
    heading: S.introduction,
    body: (
      <>
        <p>
          These terms and conditions set out the rules for using the {SITE} website and its services. By
          accessing this website you accept these terms in full. If you do not agree with any part of them, do
          not continue to use the website.
        </p>
        <p>
          &ldquo;We&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean {SITE}. &ldquo;You&rdquo; means the
          person using the website, whether as a visitor or with an account.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: S.eligibility,
    body: (
      <p>
        This website is for adults aged 18 or older. By using it you confirm that you are at least 18 years
        old (or the age of majority where you live, if higher) and that viewing adult content is legal where
        you are. We may ask for proof of age and identity, and we close any account that we believe belongs to
        a minor.
      </p>
    ),
  },
  {
    id: 'trafficking',
    heading: S.trafficking,
    body: (
      <>
        <p>
          We have zero tolerance for human trafficking, exploitation, coercion and any involvement of minors.
          Listings, messages or accounts that suggest any of these are removed without notice, the accounts
          are banned, and we report them to law enforcement.
        </p>
        <p className="legal__callout">
          If you suspect trafficking, tell us on the{' '}
          <Link to="/reporttrafficking">{MESSAGES.report.title}</Link> page, or contact the hotline directly.{' '}
          <HotlineText /> {MESSAGES.report.emergency}
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: S.cookies,
    body: (
      <p>
        We use cookies and similar browser storage. By using {SITE} you agree to their use as described in our{' '}
        <Link to="/privacypolicy">{MESSAGES.privacy.title}</Link>. They keep you signed in, remember your cart
        and whether you have accepted the disclaimer, and help us understand how the site is used so we can
        improve it.
      </p>
    ),
  },
  {
    id: 'license',
    heading: S.license,
    body: (
      <>
        <p>
          Unless otherwise stated, {SITE} and its licensors own the intellectual property rights in the
          material on this website, apart from content posted by users. All rights are reserved. You may view
          and print pages for your own personal use, subject to the restrictions in these terms.
        </p>
        <p>You must not:</p>
        <ul>
          <li>republish, sell, rent or sub-license material from this website;</li>
          <li>reproduce, duplicate or copy material from this website for commercial purposes;</li>
          <li>collect listings, photos or contact details by automated means;</li>
          <li>redistribute content from this website except where it is expressly made shareable.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'comments',
    heading: S.comments,
    body: (
      <>
        <p>
          Parts of this website let users post comments, ratings, messages, ads and photos. We do not review
          content before it appears, and it reflects the views of the person who posted it, not ours. To the
          extent the law allows, we are not liable for comments or for any loss arising from them.
        </p>
        <p>By posting content you confirm that:</p>
        <ul>
          <li>you are entitled to post it and have any consent it needs;</li>
          <li>it does not infringe anyone&rsquo;s copyright, trademark, privacy or other rights;</li>
          <li>it is not defamatory, threatening, unlawful or an invasion of privacy;</li>
          <li>it does not offer or solicit any illegal service or activity.</li>
        </ul>
        <p>
          You grant us a non-exclusive, worldwide, royalty-free license to use, reproduce, edit and display
          your comments in any form, format or media on this website. We may remove any content that we
          consider inappropriate or in breach of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'hyperlinking',
    heading: S.hyperlinking,
    body: (
      <>
        <p>
          News organisations, search engines and online directories may link to our home page or to public
          pages without asking us first, provided the link is not misleading, does not suggest an endorsement
          we have not given, and fits the context of the linking site.
        </p>
        <p>
          Anyone else who wishes to link to us must notify us first through the{' '}
          <Link to="/contactus">{MESSAGES.contact.title}</Link> form, giving your name, your website, the
          pages you want to link to and the address of the page that will carry the link. Please allow 2 to 3
          weeks for a reply. We may withdraw our approval at any time.
        </p>
      </>
    ),
  },
  {
    id: 'iframes',
    heading: S.iframes,
    body: (
      <p>
        Without our prior written approval you may not create frames around our pages that change the visual
        presentation or appearance of this website in any way.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: S.liability,
    body: (
      <p>
        We are not responsible for content that appears on websites linking to us. You agree to protect and
        defend us against claims arising from your website. No link should appear on any website in a way that
        may be read as defamatory, obscene or criminal, or that infringes or advocates the infringement of
        anyone&rsquo;s rights.
      </p>
    ),
  },
  {
    id: 'paid-services',
    heading: S.paidServices,
    body: (
      <>
        <p>Packages, subscriptions, tips and shop orders are paid services. For all of them:</p>
        <ul>
          {MESSAGES.disclaimer.paidTerms.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>
          Payments are made outside the website by scanning the payment QR code and then entering the
          transaction ID. A billing error must be reported to us through the{' '}
          <Link to="/contactus">{MESSAGES.contact.title}</Link> form within 120 days of the charge, with the
          transaction ID; after that the charge is final.
        </p>
      </>
    ),
  },
  {
    id: 'bans',
    heading: S.bans,
    body: (
      <p>
        We may suspend or close any account that breaks these terms. An account that we judge to be spam, or
        not a legitimate escort or agency, is banned, and money paid for it is not returned.
      </p>
    ),
  },
  {
    id: 'reservation',
    heading: S.reservation,
    body: (
      <p>
        We reserve the right to ask you to remove any link to our website, and you agree to remove it promptly
        when asked. We may change these terms and our linking policy at any time; by continuing to link to or
        use the website you agree to the terms in force at the time.
      </p>
    ),
  },
  {
    id: 'link-removal',
    heading: S.linkRemoval,
    body: (
      <p>
        If you find a link on our website that is offensive for any reason, tell us through the{' '}
        <Link to="/contactus">{MESSAGES.contact.title}</Link> form. We will consider requests to remove links
        but are not obliged to do so or to reply to you directly. We do not guarantee that the information on
        this website is correct, complete or up to date.
      </p>
    ),
  },
  {
    id: 'law',
    heading: S.law,
    body: (
      <p>
        These terms are governed by the laws of the United States of America. Any dispute about them or about
        the website is subject to the jurisdiction of the courts of the United States.
      </p>
    ),
  },
  {
    id: 'disclaimer',
    heading: S.disclaimer,
    body: (
      <>
        <p>
          To the maximum extent the law allows, we exclude all representations, warranties and conditions
          relating to this website and its use. Nothing in this disclaimer limits or excludes liability for
          death or personal injury, for fraud or fraudulent misrepresentation, or any liability that cannot be
          excluded under applicable law.
        </p>
        <p>
          Listings are posted by independent advertisers. All performances are role playing only and no
          illegal activity is implied or permitted. We do not check the claims advertisers make and are not
          liable for any arrangement you make with them.
        </p>
      </>
    ),
  },
];

/** Terms of Service (spec 000 §1, §2; 001 §1). */
export default function TermsPage() {
  usePageHead(sectionHead(MESSAGES.footer.terms, MESSAGES.pageHead.termsDescription, '/termsofservice'));
  return <LegalPage title={MESSAGES.terms.title} updated={CONTENT_COPY.legal.updated} sections={sections} />;
}
