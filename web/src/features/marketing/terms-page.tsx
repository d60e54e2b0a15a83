import { Link } from 'react-router';
import { FOUNDER_ACCOUNT_CAP, TRIAL_DAYS } from '#shared/domain/limits';
import { TIER_LIST } from '#shared/domain/tiers';
import { LegalDocument } from './components/legal-document';

const priceList = TIER_LIST.map((tier) => `${tier.name} $${tier.monthlyPrice}`).join(', ');

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary={
        <>
          In short: Sailpost drafts social media posts for your business and asks you before
          anything is published. You stay responsible for what you approve, you own your content,
          and you can cancel at any time.
        </>
      }
    >
      <h2>1. About these terms</h2>
      <p>
        These terms are an agreement between you and Sailpost for the use of the Sailpost web app,
        its text messages and its emails (together, “the service”). By creating an account you
        accept them. If you use Sailpost for a business, you accept them on that business’s behalf
        and confirm that you may do so.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          You must be at least 18 years old and give accurate details, including a US mobile number
          you control.
        </li>
        <li>
          Keep your password private. You are responsible for what happens under your account.
        </li>
        <li>
          Tell us through Support straight away if you think someone else has used your account.
        </li>
      </ul>

      <h2>3. Free trial, plans and billing</h2>
      <p>
        Each company starts with a {TRIAL_DAYS}-day free trial. No card is required to start it.
        After the trial, a subscription is needed to keep drafting and publishing; everything you
        created stays readable.
      </p>
      <p>
        Plans are priced per company, per month: {priceList}. Plans differ in the platforms you can
        connect and the number of posts the AI drafts per day. The Intro plan allows one company per
        account. Payments are processed by Stripe; subscriptions renew monthly until cancelled.
      </p>
      <p>
        When you cancel, your plan stays active until the end of the period you have paid for, then
        the company moves to the Intro plan. Amounts already paid are not refunded, except where the
        law requires it.
      </p>

      <h2>4. Founder accounts</h2>
      <p>
        The first {FOUNDER_ACCOUNT_CAP} accounts are founder accounts. Founders get the Intro plan
        free for life and access to the Founder Forum, for as long as the account exists and follows
        these terms. Founder status cannot be transferred.
      </p>

      <h2>5. AI drafts and your approval</h2>
      <p>
        Sailpost uses artificial intelligence to write drafts from your company profile and
        campaigns. Drafts can contain mistakes, so read them before you approve. Nothing is posted
        without your approval, given in the app or by replying to our text. Once you approve a post,
        you are responsible for it as if you had written it, and we publish it at its scheduled
        time.
      </p>
      <p>
        Publishing depends on X, LinkedIn and other platforms. We are not responsible for their
        outages, their rules or their decisions about your account or your posts. If a post cannot
        be published, we tell you in the app and by text.
      </p>

      <h2>6. Text messages</h2>
      <p>
        By giving us your mobile number you agree to receive texts about your drafts, your campaigns
        and your account, including verification codes. Message frequency varies, usually one text a
        day per active campaign. Message and data rates may apply. Reply STOP to stop texts or HELP
        for help; you can still approve drafts in the app.
      </p>

      <h2>7. Connected accounts</h2>
      <p>
        When you connect a social account, you allow Sailpost to publish the posts you approve on
        it. You can disconnect it at any time in Sailpost or in the platform’s own settings. You
        must follow each platform’s terms when you use it through Sailpost.
      </p>

      <h2>8. Your content and acceptable use</h2>
      <p>
        You keep all rights to your content, your company profile and your brand. You allow us to
        store, process and publish it only as needed to run the service for you. Do not use Sailpost
        for spam, for misleading, hateful or unlawful content, to infringe anyone’s rights, or to
        interfere with the service or other users.
      </p>

      <h2>9. Changes and ending the service</h2>
      <p>
        We improve Sailpost continually and may change or remove features. If we change these terms
        in a way that matters, we tell you by email before the change applies. You can stop using
        Sailpost and ask us to delete your account at any time. We may suspend or close accounts
        that break these terms, after telling you why unless the law or safety prevents it.
      </p>

      <h2>10. Liability</h2>
      <p>
        We provide the service with care, but “as is”, without promises about results such as reach
        or sales. To the extent the law allows, our total liability for any claim is limited to what
        you paid us in the 12 months before it, and we are not liable for indirect or consequential
        losses. Nothing in these terms limits rights you have by law as a consumer.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms are welcome through Support in the app. See also our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalDocument>
  );
}
