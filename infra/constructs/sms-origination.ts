import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { CfnPhoneNumber } from 'aws-cdk-lib/aws-smsvoice';
import { Construct } from 'constructs';
import { REPLY_TEXTS } from '#functions/jobs/sms-inbound/reply-texts';
import type { StageConfig } from './stage';

/** What the functions that text are granted, and told in their environment. */
export interface SmsSendingIdentity {
  /** The phone number or pool texts are sent from: the only resource they may send from. */
  readonly originationIdentityArn: string;
  /** That identity's opt-out list: the only list START may take a number off. */
  readonly optOutListArn: string;
}

/** The opt-out list every account has, which a new number uses unless told otherwise. */
export const DEFAULT_OPT_OUT_LIST = 'Default';

/** A phone number's or pool's ARN (what SendTextMessage is granted on). */
const IDENTITY_ARN =
  /^arn:(aws[a-z-]*):sms-voice:([a-z0-9-]+):(\d{12}):(phone-number|pool)\/[A-Za-z0-9_-]+$/;

export interface SmsOriginationProps {
  readonly stage: StageConfig;
  /**
   * Context `smsOriginationIdentity`: the ARN of the phone number or pool (set up outside this
   * app: registration, two-way to the inbound topic). Required in prod.
   */
  readonly originationIdentityArn?: string;
  /** Context `smsOptOutList`: the name of that identity's opt-out list. */
  readonly optOutListName: string;
  /** Where a number made here sends its replies. */
  readonly inboundTopic: ITopic;
}

/**
 * The stage's sending identity: the one named in context or, for a stage other than prod that
 * names none, a simulator number made here. A simulator texts only AWS's simulated destination
 * numbers, never a real phone, so a dev stage sends nothing to anyone until it is given a real
 * identity; its replies (simulated too) reach the inbound topic like real ones. Prod refuses to
 * synthesize without one rather than texting from something no one chose.
 */
export class SmsOrigination extends Construct {
  readonly identity: SmsSendingIdentity;
  /** The simulator number, when this stage names no identity. */
  readonly simulatorNumber?: CfnPhoneNumber;

  constructor(scope: Construct, id: string, props: SmsOriginationProps) {
    super(scope, id);
    const { stage, originationIdentityArn, optOutListName, inboundTopic } = props;
    const stack = Stack.of(this);

    if (originationIdentityArn) {
      const parts = IDENTITY_ARN.exec(originationIdentityArn);
      if (!parts) {
        throw new Error(
          `smsOriginationIdentity must be the ARN of an End User Messaging SMS phone number or pool (arn:aws:sms-voice:<region>:<account>:phone-number/<id> or …:pool/<id>), not "${originationIdentityArn}"`,
        );
      }
      const [, partition, region, account] = parts;
      this.identity = {
        originationIdentityArn,
        // The list lives beside the identity (same account and region).
        optOutListArn: `arn:${partition}:sms-voice:${region}:${account}:opt-out-list/${optOutListName}`,
      };
      return;
    }
    if (stage.isProd) {
      throw new Error(
        'The prod stage texts real people: give it its sending identity with -c smsOriginationIdentity=arn:aws:sms-voice:<region>:<account>:pool/<id> (or …:phone-number/<id>)',
      );
    }

    this.simulatorNumber = new CfnPhoneNumber(this, 'SimulatorNumber', {
      isoCountryCode: 'US',
      numberType: 'SIMULATOR',
      numberCapabilities: ['SMS'],
      optOutListName,
      mandatoryKeywords: {
        help: {
          message:
            'Sailpost: reply to a text about your drafts with YES, or its number and YES, NO or your changes. STOP to stop texts, START to resume.',
        },
        stop: { message: REPLY_TEXTS.stopped },
      },
      twoWay: { enabled: true, channelArn: inboundTopic.topicArn },
    });
    this.identity = {
      originationIdentityArn: this.simulatorNumber.attrArn,
      optOutListArn: stack.formatArn({
        service: 'sms-voice',
        resource: 'opt-out-list',
        resourceName: optOutListName,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      }),
    };
  }
}
