-- CreateTable
CREATE TABLE "PartnerProfile" (
    "userId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "street" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "rankingOptIn" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PartnerProfile_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "MarketingMaterial" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "updatedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketingMaterial_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AcademyVideo" (
    "id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "titleDe" TEXT NOT NULL,
    "titleEn" TEXT NOT NULL,
    "descriptionDe" TEXT NOT NULL,
    "descriptionEn" TEXT NOT NULL,
    "url" TEXT,
    "durationMin" INTEGER,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AcademyVideo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AcademyProgress" (
    "userId" TEXT NOT NULL,
    "videoId" TEXT NOT NULL,
    "watchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AcademyProgress_pkey" PRIMARY KEY ("userId","videoId")
);

-- CreateTable
CREATE TABLE "PartnerInvite" (
    "id" TEXT NOT NULL,
    "partnerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerInvite_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PartnerProfile_rankingOptIn_country_idx" ON "PartnerProfile"("rankingOptIn", "country");

-- CreateIndex
CREATE INDEX "MarketingMaterial_lang_kind_active_idx" ON "MarketingMaterial"("lang", "kind", "active");

-- CreateIndex
CREATE INDEX "PartnerInvite_partnerId_createdAt_idx" ON "PartnerInvite"("partnerId", "createdAt");

-- AddForeignKey
ALTER TABLE "PartnerProfile" ADD CONSTRAINT "PartnerProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AcademyProgress" ADD CONSTRAINT "AcademyProgress_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "AcademyVideo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seeded defaults (decision 028): marketing texts in de and en, without income promises, and the academy's
-- video list (no video is hosted yet: every url is empty, the page says 'coming soon').
INSERT INTO "MarketingMaterial" ("id", "kind", "lang", "title", "subject", "body", "sortOrder", "updatedAt") VALUES
('mm-de-email-1', 'email', 'de', 'Einladung an Freunde', 'Kennst du schon akut?', E'Hallo,\n\nich nutze akut, um schnell passende Anbieter für Aufträge zu finden: Man beschreibt, was man braucht, und geprüfte Anbieter aus der Nähe melden sich mit Angeboten. Für Suchende ist das kostenlos.\n\nSchau es dir gern an: [AFFILIATE_LINK]\n\nViele Grüße\n[NAME]', 1, CURRENT_TIMESTAMP),
('mm-de-email-2', 'email', 'de', 'Für Handwerker und Dienstleister', 'Neue Aufträge aus deiner Region', E'Hallo,\n\nauf akut stellen Menschen aus deiner Region ihre Anfragen ein, und Anbieter wie du können passende Anfragen freischalten und direkt ein Angebot machen. Die Anmeldung ist kostenlos.\n\nHier kannst du dich umsehen: [AFFILIATE_LINK]\n\nBeste Grüße\n[NAME]', 2, CURRENT_TIMESTAMP),
('mm-de-social-1', 'social', 'de', 'Kurzer Beitrag', NULL, E'Du suchst jemanden für einen Auftrag? Auf akut beschreibst du kurz, was du brauchst, und Anbieter aus der Nähe melden sich. Kostenlos für Suchende: [AFFILIATE_LINK]', 1, CURRENT_TIMESTAMP),
('mm-de-social-2', 'social', 'de', 'Für Anbieter', NULL, E'Handwerker, Dienstleister, Selbstständige: Auf akut findet ihr Anfragen aus eurer Region und macht direkt ein Angebot. Anmeldung kostenlos: [AFFILIATE_LINK] – [NAME]', 2, CURRENT_TIMESTAMP),
('mm-de-social-3', 'social', 'de', 'Persönliche Empfehlung', NULL, E'Ich habe akut ausprobiert und finde die Idee gut: Anfrage stellen, Angebote bekommen, selbst entscheiden. Probiert es aus: [AFFILIATE_LINK]', 3, CURRENT_TIMESTAMP),
('mm-en-email-1', 'email', 'en', 'Invitation to friends', 'Have you heard of akut?', E'Hi,\n\nI use akut to find the right provider for a job quickly: you describe what you need, and verified providers nearby reply with offers. It is free for seekers.\n\nHave a look: [AFFILIATE_LINK]\n\nBest wishes\n[NAME]', 1, CURRENT_TIMESTAMP),
('mm-en-email-2', 'email', 'en', 'For tradespeople and service providers', 'New jobs from your area', E'Hi,\n\non akut people from your area post their requests, and providers like you can unlock the ones that fit and make an offer directly. Signing up is free.\n\nTake a look here: [AFFILIATE_LINK]\n\nKind regards\n[NAME]', 2, CURRENT_TIMESTAMP),
('mm-en-social-1', 'social', 'en', 'Short post', NULL, E'Looking for someone to do a job? On akut you describe what you need and providers nearby get in touch. Free for seekers: [AFFILIATE_LINK]', 1, CURRENT_TIMESTAMP),
('mm-en-social-2', 'social', 'en', 'For providers', NULL, E'Tradespeople, service providers, freelancers: on akut you find requests from your area and make an offer directly. Free sign-up: [AFFILIATE_LINK] – [NAME]', 2, CURRENT_TIMESTAMP),
('mm-en-social-3', 'social', 'en', 'Personal recommendation', NULL, E'I tried akut and like the idea: post a request, get offers, decide yourself. Give it a try: [AFFILIATE_LINK]', 3, CURRENT_TIMESTAMP);

INSERT INTO "AcademyVideo" ("id", "category", "titleDe", "titleEn", "descriptionDe", "descriptionEn", "url", "durationMin", "sortOrder") VALUES
('av-start-1', 'getting_started', 'So funktioniert das Partnerprogramm', 'How the partner programme works', 'Code, Link und wann eine Provision entsteht.', 'Code, link and when a commission arises.', NULL, 5, 1),
('av-start-2', 'getting_started', 'Dein Dashboard im Überblick', 'Your dashboard at a glance', 'Einnahmen, Netzwerk und Auszahlungen.', 'Earnings, network and payouts.', NULL, 4, 2),
('av-adv-1', 'advanced_strategies', 'Anbieter aus deiner Region ansprechen', 'Reaching providers in your area', 'Ehrlich empfehlen, ohne Versprechen.', 'Recommending honestly, without promises.', NULL, 8, 1),
('av-adv-2', 'advanced_strategies', 'Inhalte für soziale Netzwerke', 'Content for social networks', 'Beiträge, die informieren statt drängen.', 'Posts that inform rather than push.', NULL, 7, 2),
('av-tools-1', 'tools', 'QR-Code und Teilen', 'QR code and sharing', 'Deinen Link offline und mobil weitergeben.', 'Passing your link on offline and on mobile.', NULL, 3, 1),
('av-tools-2', 'tools', 'Vorlagen anpassen', 'Adapting the templates', 'Texte aus dem Marketing-Bereich bearbeiten und kopieren.', 'Editing and copying texts from the marketing area.', NULL, 4, 2);
