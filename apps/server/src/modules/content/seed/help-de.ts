import type { HelpSeedTexts } from './help';

export const helpDe: HelpSeedTexts = {
  'registration.register': [
    'Wie eröffne ich ein Konto?',
    'Tippen Sie auf Registrieren und geben Sie Ihre E-Mail-Adresse oder Telefonnummer ein. Wir senden einen 4-stelligen Code, der 10 Minuten gilt. Geben Sie ihn ein, wählen Sie ein Passwort mit mindestens 6 Zeichen und, falls Sie eingeladen wurden, den Einladungscode.\nIhr Konto hat ein Echtgeld- und ein Demokonto. Mit der Registrierung akzeptieren Sie die aktuelle Nutzungsvereinbarung und Datenschutzerklärung; im Profil sehen Sie, welche Versionen Sie wann akzeptiert haben.',
  ],
  'registration.passwords': [
    'Login-Passwort und Fondspasswort',
    'Mit dem Login-Passwort melden Sie sich an. Eine Änderung meldet alle Geräte ab, auch das verwendete, das sofort eine neue Sitzung erhält.\nDas Fondspasswort ist getrennt: Sie legen es einmal unter Sicherheit fest; es wird beim Speichern einer Auszahlungsadresse und bei jeder Auszahlung abgefragt. Vergessen? Setzen Sie es mit einem Code an Ihre eigene E-Mail oder Telefonnummer zurück.\nNach einer Änderung von Login-Passwort, Fondspasswort oder Kontaktdaten ruhen Auszahlungen 24 Stunden, damit niemand, der Ihr Konto übernommen hat, es leeren kann.',
  ],
  'deposits.deposit': [
    'Wie zahle ich Krypto ein?',
    'Öffnen Sie Vermögen, tippen Sie auf Einzahlen und wählen Sie Münze und Netzwerk. Sie erhalten Ihre eigene Einzahlungsadresse mit QR-Code.\nUnterstützt: USDT auf Ethereum (ERC20) und Tron (TRC20), USDC auf Ethereum, ETH und BTC. Senden Sie nur diese Münze auf diesem Netzwerk an die Adresse: Münzen auf einem anderen Netzwerk können nicht gutgeschrieben werden.\nGutgeschrieben wird nach genügend Blockbestätigungen: 12 auf Ethereum, 20 auf Tron, 2 auf Bitcoin. Sie werden benachrichtigt, wenn die Einzahlung erkannt und wenn sie gutgeschrieben wird.',
  ],
  'deposits.minimums': [
    'Mindesteinzahlung und Einzahlungsverlauf',
    'Gutgeschrieben werden mindestens 20 USDT oder USDC, 0,01 ETH und 0,0005 BTC. Eine kleinere Einzahlung wird mit Grund angezeigt, aber nicht gutgeschrieben.\nDer Verlauf zeigt jede Einzahlung mit Netzwerk, Betrag, Bestätigungen und Status. Wir berechnen keine Einzahlungsgebühr; die Netzwerkgebühr zahlt die sendende Wallet.',
  ],
  'withdrawals.withdraw': [
    'Wie zahle ich aus?',
    'Legen Sie zuerst ein Fondspasswort fest. Speichern Sie dann die Adresse mit Ihrem Fondspasswort im Adressbuch. Eine neue Adresse ist 24 Stunden nach dem Speichern nutzbar, oder sofort, wenn Sie sie mit einem Code an Ihre E-Mail oder Telefonnummer bestätigen.\nWählen Sie auf der Auszahlungsseite Münze, Netzwerk, Adresse und Betrag. Vor der Bestätigung mit dem Fondspasswort sehen Sie die Gebühr und den Betrag, der ankommt. Auszahlungen sind nur vom Echtgeldkonto möglich.',
  ],
  'withdrawals.limits': [
    'Limits, Prüfung und Stornieren',
    'Jede Münze und jedes Netzwerk hat einen Mindest- und Höchstbetrag pro Auszahlung und ein Tageslimit über die letzten 24 Stunden; das Formular zeigt sie und den heutigen Rest.\nManche Auszahlungen prüfen unsere Mitarbeiter, bevor sie gesendet werden. Solange eine Auszahlung in Bearbeitung ist, können Sie sie stornieren; der Betrag kehrt auf Ihr Guthaben zurück. Nach dem Senden zeigt der Verlauf den Transaktions-Hash und die Bestätigungen.\nWir verlangen nie eine Steuer, eine Freischaltgebühr oder einen Kredit, bevor Sie auszahlen können.',
  ],
  'contracts.what': [
    'Was ist ein Sekundenkontrakt?',
    'Ein Sekundenkontrakt ist eine Wette auf die Richtung eines Kurses über eine feste Zeit: 30 Sekunden, 60 Sekunden, 2, 5, 10 oder 30 Minuten oder 1 Stunde. Sie wählen Steigt oder Fällt und einen Einsatz, der von Ihrem Optionskonto bezahlt wird.\nAm Ende wird der letzte Kurs bis zum Ablauf mit dem Eröffnungskurs verglichen. Liegen Sie richtig, erhalten Sie den Einsatz plus die angezeigte Auszahlungsquote (80 % bis 90 % des Einsatzes, je nach Laufzeit). Liegen Sie falsch, verlieren Sie den ganzen Einsatz. Bei unverändertem Kurs wird der Einsatz erstattet.\nEs gibt keine Gebühr; das Haus zahlt Gewinne und behält verlorene Einsätze.',
  ],
  'contracts.risk': [
    'Das Risiko von Sekundenkontrakten',
    'Die meisten Privatanleger, die Sekundenkontrakte handeln, verlieren Geld. Kursbewegungen über Sekunden oder Minuten sind nahezu zufällig, und weil ein Gewinn weniger zahlt als der riskierte Einsatz, müssen Sie öfter gewinnen als verlieren, nur um kostendeckend zu sein: bei 85 % Auszahlung etwa 54 % Treffer. Das Handelsfeld zeigt diese Gewinnschwelle.\nEin Kontrakt ist keine Geldanlage: Nach Ablauf hat er keinen Wert. Setzen Sie nur Geld ein, dessen Verlust Sie verkraften, legen Sie sich ein Limit fest und üben Sie zuerst mit dem Demokonto.',
  ],
  'demo.what': [
    'Was ist das Demokonto?',
    'Mit dem Demokonto probieren Sie die App mit Spielgeld aus: 100.000 Demo-USDT, dieselben Live-Kurse und dieselben Kontrakte, Spot-Orders und Umtausche wie im Echtgeldkonto.\nDemogeld hat keinen Wert und kann nie ausgezahlt oder auf das Echtgeldkonto übertragen werden. Sie können die Demo-Guthaben jederzeit auf den Anfangsstand zurücksetzen.',
  ],
  'demo.switch': [
    'Zwischen Demo und Echtgeld wechseln',
    'Mit dem Schalter Echt / Demo wechseln Sie das Konto. Die App zeigt, welches Konto Sie nutzen; jede Order gilt nur für dieses Konto, ein Demohandel berührt also nie Ihr echtes Geld.\nDemo-Ergebnisse sagen nichts über echte Ergebnisse: Ohne echtes Geld im Spiel handeln Menschen anders.',
  ],
  'kyc.stages': [
    'Identitätsprüfung (KYC)',
    'Die Prüfung hat zwei Stufen. Stufe 1: Staatsangehörigkeit und Dokumenttyp wählen, vollständigen Namen und Ausweisnummer eingeben. Stufe 2: Fotos der Vorder- und Rückseite des Dokuments und ein Selfie mit dem Dokument hochladen.\nUnsere Mitarbeiter prüfen Stufe 2 und entscheiden: verifiziert oder abgelehnt mit Grund. Sie werden in beiden Fällen benachrichtigt. Ihre Fotos sind privat: Nur Sie und die prüfenden Mitarbeiter sehen sie.',
  ],
  'kyc.review': [
    'Warum verifizieren, und was bei Ablehnung?',
    'Kredite gibt es nur für verifizierte Nutzer. Bei einer Ablehnung wird der Grund angezeigt (etwa ein unscharfes Foto oder ein abweichender Name); korrigieren Sie ihn und reichen Sie Stufe 2 erneut ein.\nNach der Verifizierung lassen sich Ihre Angaben nur über den Kundendienst ändern.',
  ],
  'loans.apply': [
    'Wie funktionieren Kredite?',
    'Verifizierte Nutzer können im Echtgeldkonto einen USDT-Kredit beantragen. Wählen Sie ein Produkt und einen Betrag in dessen Rahmen, laden Sie mindestens 3 Fotos Ihrer Dokumente hoch und akzeptieren Sie die Regeln des Produkts mit Tageszins und Verzugszins.\nUnsere Mitarbeiter prüfen jeden Antrag. Bei Genehmigung wird der Betrag auf Ihr Spot-Konto gezahlt, bei Ablehnung sehen Sie den Grund. Es kann jeweils ein Antrag auf Prüfung warten.',
  ],
  'loans.repay': [
    'Zinsen und Rückzahlung',
    'Zinsen fallen pro UTC-Tag auf den noch geschuldeten Betrag an, ab dem Tag der Auszahlung. Sie können jederzeit ganz oder teilweise aus Ihrem Spot-Konto zurückzahlen; eine Teilzahlung tilgt zuerst die Zinsen.\nNach der Fälligkeit ist der Kredit überfällig, und bis zur Rückzahlung gilt der höhere Verzugszins des Produkts. Es wird nie automatisch etwas von Ihren Konten genommen, und ein Kredit ist nie nötig, um auszuzahlen oder zu handeln.',
  ],
  'financing.what': [
    'Was ist Finanzierung?',
    'Bei der Finanzierung legen Sie einen Betrag einer Münze für eine feste Zahl von Tagen zu einem angegebenen Jahreszins an. Übertragen Sie die Münze auf Ihr Finanzierungskonto, wählen Sie Produkt und Laufzeit und bestätigen Sie die Berechnung.\nBei Fälligkeit kehren Betrag und Zinsen auf Ihr Finanzierungskonto zurück. Ob Sie vorzeitig beenden können, hängt vom Produkt ab: gar nicht, unter Verzicht auf die Zinsen oder mit den Zinsen der vollen verstrichenen Tage. Die Produktseite sagt es vor dem Abschluss.',
  ],
  'financing.interest': [
    'Wie die Zinsen berechnet werden',
    'Zinsen = Betrag × Jahreszins × Tage ÷ 365, aufgerundet auf die kleinste Einheit der Münze. Sie laufen ab dem nächsten 00:00 UTC nach dem Abschluss; die Fälligkeit liegt so viele volle Tage später.\nDie Berechnung zeigt vor der Bestätigung Zinsen, Beginn und Fälligkeit, und genau das wird gezahlt.',
  ],
  'fees.list': [
    'Welche Gebühren gibt es?',
    'Einzahlungen: keine Gebühr von uns.\nAuszahlungen: eine Gebühr je Münze und Netzwerk, vor der Bestätigung angezeigt (standardmäßig 5 USDT auf ERC20, 1 USDT auf TRC20, 0,003 ETH, 0,0002 BTC). Neue Nutzer zahlen in den ersten 3 Kalendermonaten keine Auszahlungsgebühr.\nUmtausch (Kauf, Verkauf, Blitztausch) und Spot-Handel: 0,1 % des Werts als Gebühr, und der Umtausch nutzt einen Kurs leicht über oder unter dem Marktpreis; beides wird vor der Bestätigung angezeigt.\nSekundenkontrakte: keine Gebühr, aber ein Gewinn zahlt weniger als der riskierte Einsatz. Überträge zwischen Ihren eigenen Konten sind kostenlos. Kredite kosten nur ihre angegebenen Zinsen.',
  ],
  'fees.never': [
    'Zahlungen, die wir nie verlangen',
    'Für eine Auszahlung verlangen wir nie eine Steuer, eine Einzahlung, eine „Freischalt“- oder „Verifizierungsgebühr“ oder einen Kredit. Unsere Mitarbeiter fragen nie nach Ihren Passwörtern oder Codes.\nWer so etwas verlangt, spricht nicht für uns: Zahlen Sie nicht und wenden Sie sich an den Kundendienst.',
  ],
};
