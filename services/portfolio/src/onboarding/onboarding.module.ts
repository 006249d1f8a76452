import { Module } from '@nestjs/common';
import { PropertyLocationsModule } from '../property-locations/property-locations.module.js';
import { OnboardingProgressConsumers } from './onboarding-progress.consumer.js';

/** Onboarding progress kept from portfolio's own events; its reads (progress, navbar flags) are use cases. */
@Module({ imports: [PropertyLocationsModule], controllers: [OnboardingProgressConsumers] })
export class OnboardingModule {}
