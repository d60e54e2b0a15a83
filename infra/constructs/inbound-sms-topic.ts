import { Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal, StarPrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { StageConfig } from './stage';

/** The service principal of AWS End User Messaging SMS, which publishes two-way replies. */
export const SMS_VOICE_SERVICE = 'sms-voice.amazonaws.com';

/**
 * The topic End User Messaging SMS publishes the owners' text replies to (two-way SMS), and the
 * key it is encrypted with. A reply can approve posts, so nothing but the messaging service, acting
 * for this account, may publish here: a function that may text (and so once held sns:Publish on
 * "*") must not be able to forge a `YES`.
 *
 * The messaging service publishes as its service principal under the topic policy (no two-way
 * channel role: a role would be a publisher like any other, and refused). An AWS-managed key
 * cannot be used: its policy cannot name the messaging service, which then could not publish.
 */
export class InboundSmsTopic extends Construct {
  readonly topic: Topic;
  readonly key: Key;

  constructor(scope: Construct, id: string, { stage }: { readonly stage: StageConfig }) {
    super(scope, id);
    const stack = Stack.of(this);
    const messagingService = new ServicePrincipal(SMS_VOICE_SERVICE);
    // For this account's numbers and pools only (the confused deputy), as AWS documents for
    // two-way SMS topics and their keys.
    const forThisAccount = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'sms-voice', resource: '*' }) },
    };

    this.key = new Key(this, 'Key', {
      description: `Sailpost ${stage.name}: encrypts the inbound SMS topic`,
      enableKeyRotation: true,
      removalPolicy: stage.removalPolicy,
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'EndUserMessagingPublishesReplies',
        principals: [messagingService],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: forThisAccount,
      }),
    );

    this.topic = new Topic(this, 'Topic', {
      displayName: `Sailpost ${stage.name} inbound SMS`,
      enforceSSL: true,
      masterKey: this.key,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'RepliesFromEndUserMessaging',
        principals: [messagingService],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: forThisAccount,
      }),
    );
    // Roles and users of this account need no Allow here (their own policies suffice), so they
    // are denied outright. aws:PrincipalServiceName is present only when a service principal calls;
    // for anyone else the negated test finds no key and holds, so the Deny applies.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'NoOtherPublisher',
        effect: Effect.DENY,
        principals: [new StarPrincipal()],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringNotEquals: { 'aws:PrincipalServiceName': SMS_VOICE_SERVICE } },
      }),
    );
  }
}
