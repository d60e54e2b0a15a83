import { Link } from 'react-router';
import { RESET_LINK_LIFETIME_TEXT } from '#shared/domain/duration-text';
import { SESSION_TTL_SECONDS } from '#shared/domain/limits';
import { LegalDocument } from './components/legal-document';

const SESSION_DAYS = SESSION_TTL_SECONDS / (24 * 60 * 60);

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary={
        <>
          In short: we collect what we need to draft, approve and publish your posts. We do not sell
          your data or show you ads, and we share it only with the services that make Sailpost work.
        </>
      }
    >
      <h2>1. What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address and mobile number. Your
          password is stored only as a one-way hash.
        </li>
        <li>
          <strong>Company details:</strong> name, description, website, brand colours and brand
          voice.
        </li>
        <li>
          <strong>Content:</strong> campaigns, drafts, your approvals and change requests, including
          the replies you text us.
        </li>
        <li>
          <strong>Connected accounts:</strong> the access tokens X, LinkedIn and other platforms
          give us when you connect them, stored encrypted.
        </li>
        <li>
          <strong>Billing:</strong> your Stripe customer and subscription references. Card details
          go to Stripe directly; we never see or store them.
        </li>
        <li>
          <strong>Usage:</strong> technical logs and a few product events (for example, that a
          sign-up was started or completed) that help us improve Sailpost.
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <ul>
        <li>
          To run your account and sign you in securely, for example by limiting repeated failed
          logins.
        </li>
        <li>
          To draft posts: your company profile and campaign details are sent to our AI provider to
          write them.
        </li>
        <li>
          To text you your daily drafts and verification codes, and to email you password reset
          links.
        </li>
        <li>To publish the posts you approve on the accounts you connected.</li>
        <li>To bill subscriptions, answer support requests and keep the service safe.</li>
      </ul>

      <h2>3. Who we share it with</h2>
      <p>
        We share data only with the providers that run Sailpost, each for its own part: Amazon Web
        Services (hosting, storage, texts and emails), OpenAI (writing drafts), Stripe (payments), X
        and LinkedIn (publishing the posts you approve) and Google (only if you sign in with
        Google). We do not sell personal information and we do not use it for advertising.
      </p>

      <h2>4. Browser storage</h2>
      <p>
        Sailpost keeps your sign-in token and basic profile in your browser: in local storage when
        you tick “Remember me”, otherwise in session storage, which is cleared when you close the
        tab. We do not use advertising or cross-site tracking cookies.
      </p>

      <h2>5. How long we keep it</h2>
      <p>
        We keep your data while your account is open. Sign-in sessions expire after {SESSION_DAYS}{' '}
        days and password reset links after {RESET_LINK_LIFETIME_TEXT}. When you ask us to delete
        your account, we delete your data, except what we must keep by law, such as billing records.
      </p>

      <h2>6. Security</h2>
      <p>
        All traffic is encrypted in transit. Platform tokens are encrypted at rest, passwords are
        hashed, and access to your company’s data is checked on every request.
      </p>

      <h2>7. Your choices and rights</h2>
      <ul>
        <li>Correct your name and phone number on your profile page at any time.</li>
        <li>Disconnect a social account whenever you like.</li>
        <li>Reply STOP to any text to stop receiving texts.</li>
        <li>Ask us for a copy of your data, or to delete it, through Support in the app.</li>
      </ul>

      <h2>8. Children</h2>
      <p>Sailpost is a tool for businesses and is not meant for anyone under 18.</p>

      <h2>9. Changes and contact</h2>
      <p>
        If we change this policy in a way that matters, we tell you by email before the change
        applies. Questions and requests are welcome through Support in the app. See also our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalDocument>
  );
}
