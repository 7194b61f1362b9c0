<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ArmyDocument</name>
    <message>
        <source>Change {field} of {name}</source>
        <translation>{field} von {name} ändern</translation>
    </message>
    <message>
        <source>Rename unit {name}</source>
        <translation>Einheit {name} umbenennen</translation>
    </message>
    <message>
        <source>Edit notes of {name}</source>
        <translation>Notizen von {name} bearbeiten</translation>
    </message>
    <message>
        <source>New unit</source>
        <translation>Neue Einheit</translation>
    </message>
    <message>
        <source>New element</source>
        <translation>Neues Element</translation>
    </message>
    <message>
        <source>Add unit {name}</source>
        <translation>Einheit {name} hinzufügen</translation>
    </message>
    <message>
        <source>Add element to {name}</source>
        <translation>Element zu {name} hinzufügen</translation>
    </message>
    <message>
        <source>{name} (copy)</source>
        <translation>{name} (Kopie)</translation>
    </message>
    <message>
        <source>Duplicate unit {name}</source>
        <translation>Einheit {name} duplizieren</translation>
    </message>
    <message>
        <source>Duplicate {name}</source>
        <translation>{name} duplizieren</translation>
    </message>
    <message>
        <source>Delete unit {name}</source>
        <translation>Einheit {name} löschen</translation>
    </message>
    <message>
        <source>Delete {name}</source>
        <translation>{name} löschen</translation>
    </message>
    <message>
        <source>Move unit {name}</source>
        <translation>Einheit {name} verschieben</translation>
    </message>
    <message>
        <source>Move {name}</source>
        <translation>{name} verschieben</translation>
    </message>
    <message>
        <source>Move {name} to {unit}</source>
        <translation>{name} nach {unit} verschieben</translation>
    </message>
    <message>
        <source>Add {name} to {name2}</source>
        <translation>{name} zu {name2} hinzufügen</translation>
    </message>
    <message>
        <source>Edit homebrew {word} {name}</source>
        <translation>Eigenes {word} {name} bearbeiten</translation>
    </message>
    <message>
        <source>Add homebrew {word} {name}</source>
        <translation>Eigenes {word} {name} hinzufügen</translation>
    </message>
    <message>
        <source>Delete homebrew {word} {name}</source>
        <translation>Eigenes {word} {name} löschen</translation>
    </message>
    <message>
        <source>Remove {name} from {name2}</source>
        <translation>{name} von {name2} entfernen</translation>
    </message>
</context>
<context>
    <name>ArmyHeader</name>
    <message>
        <source>Army name</source>
        <translation>Name der Armee</translation>
    </message>
    <message>
        <source>Points limit</source>
        <translation>Punktelimit</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>kein Limit</translation>
    </message>
    <message>
        <source>Army</source>
        <translation>Armee</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Limit</translation>
    </message>
    <message>
        <source>Rename army</source>
        <translation>Armee umbenennen</translation>
    </message>
    <message>
        <source>Change points limit</source>
        <translation>Punktelimit ändern</translation>
    </message>
    <message>
        <source> — over by {points}</source>
        <translation> — um {points} überschritten</translation>
    </message>
</context>
<context>
    <name>ArmyTreeModel</name>
    <message>
        <source>Element {number} of {count} in {unit}</source>
        <translation>Element {number} von {count} in {unit}</translation>
    </message>
    <message>
        <source>Unit without elements</source>
        <translation>Einheit ohne Elemente</translation>
    </message>
    <message>
        <source>Unit, open; elements below: {count}</source>
        <translation>Einheit, geöffnet; Elemente darunter: {count}</translation>
    </message>
    <message>
        <source>Unit, closed; elements hidden: {count}</source>
        <translation>Einheit, geschlossen; verborgene Elemente: {count}</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
</context>
<context>
    <name>AttackPanel</name>
    <message>
        <source>Attack</source>
        <translation>Angriff</translation>
    </message>
    <message>
        <source>Pick an element of either side: it attacks</source>
        <translation>Wähle ein Element einer Seite: es greift an</translation>
    </message>
    <message>
        <source>Attack and weapon</source>
        <translation>Angriff und Waffe</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Odds</source>
        <translation>Chancen</translation>
    </message>
    <message>
        <source>&amp;Roll</source>
        <translation>&amp;Würfeln</translation>
    </message>
    <message>
        <source>Roll the dice</source>
        <translation>Würfeln</translation>
    </message>
    <message>
        <source>A&amp;pply to Target</source>
        <translation>A&amp;uf Ziel anwenden</translation>
    </message>
    <message>
        <source>Apply the rolled outcome to the target</source>
        <translation>Das gewürfelte Ergebnis auf das Ziel anwenden</translation>
    </message>
    <message>
        <source>Dice rolled</source>
        <translation>Gewürfelte Würfel</translation>
    </message>
    <message>
        <source>Attack:</source>
        <translation>Angriff:</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>Re-roll to spend</source>
        <translation>Einzusetzender Wiederholungswurf</translation>
    </message>
    <message>
        <source>Spend a re-roll the rules give (once a game or a turn): the odds are the matchup&apos;s with it</source>
        <translation>Einen Wiederholungswurf der Regeln einsetzen (einmal pro Spiel oder Zug): die Chancen sind dann die des Vergleichs mit ihm</translation>
    </message>
    <message>
        <source>Re-roll:</source>
        <translation>Wiederholung:</translation>
    </message>
    <message>
        <source>All its figures attack</source>
        <translation>Alle seine Figuren greifen an</translation>
    </message>
    <message>
        <source>All the attacker&apos;s figures attack in one roll</source>
        <translation>Alle Figuren des Angreifers greifen in einem Wurf an</translation>
    </message>
    <message>
        <source>Every figure of the attacker makes its attack in one roll, applied as one step</source>
        <translation>Jede Figur des Angreifers greift in einem Wurf an, angewendet als ein Schritt</translation>
    </message>
    <message>
        <source>Apply the dice rolled first (Ctrl+Z takes them back)</source>
        <translation>Erst die geworfenen Würfel anwenden (Strg+Z nimmt sie zurück)</translation>
    </message>
    <message>
        <source>Attacker: {element}</source>
        <translation>Angreifer: {element}</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>The attacker&apos;s {reroll}</source>
        <translation>{reroll} des Angreifers</translation>
    </message>
    <message>
        <source>The target&apos;s {reroll}</source>
        <translation>{reroll} des Ziels</translation>
    </message>
    <message>
        <source>{gone} is removed: the target is now {next}</source>
        <translation>{gone} ist entfernt: das Ziel ist jetzt {next}</translation>
    </message>
    <message>
        <source>{gone} is removed: its side has no element left in play</source>
        <translation>{gone} ist entfernt: seine Seite hat kein Element mehr im Spiel</translation>
    </message>
    <message>
        <source>This element has no attack</source>
        <translation>Dieses Element hat keinen Angriff</translation>
    </message>
    <message>
        <source>Cannot attack: {reason}</source>
        <translation>Kein Angriff möglich: {reason}</translation>
    </message>
    <message>
        <source>All its figures attack ({figures})</source>
        <translation>Alle seine Figuren greifen an ({figures})</translation>
    </message>
    <message>
        <source>P(hit)</source>
        <translation>P(Treffer)</translation>
    </message>
    <message>
        <source>Forbidden: {rule}</source>
        <translation>Verboten: {rule}</translation>
    </message>
    <message>
        <source>P(damage)</source>
        <translation>P(Schaden)</translation>
    </message>
    <message>
        <source>{shots}; each damage: {damage}</source>
        <translation>{shots}; je Schaden: {damage}</translation>
    </message>
    <message>
        <source>{figures}, total damage {distribution}</source>
        <translation>{figures}, Schaden insgesamt {distribution}</translation>
    </message>
    <message>
        <source>Total damage {distribution}</source>
        <translation>Schaden insgesamt {distribution}</translation>
    </message>
    <message>
        <source>Also read from the states: {situations}</source>
        <translation>Auch aus den Zuständen gelesen: {situations}</translation>
    </message>
    <message>
        <source>hits, no damage: {rule}</source>
        <translation>trifft, kein Schaden: {rule}</translation>
    </message>
    <message numerus="yes">
        <source>With the %Ln hit(s) it carries: {odds}</source>
        <translation>
            <numerusform>Mit dem %Ln Treffer, den es schon trägt: {odds}</numerusform>
            <numerusform>Mit den %Ln Treffern, die es schon trägt: {odds}</numerusform>
        </translation>
    </message>
    <message>
        <source>Not applied: {reasons}</source>
        <translation>Nicht angewendet: {reasons}</translation>
    </message>
    <message>
        <source>Figure {number}: </source>
        <translation>Figur {number}: </translation>
    </message>
    <message>
        <source>{hits}, {damage}{effects}: press Apply to Target</source>
        <translation>{hits}, {damage}{effects}: „Auf Ziel anwenden“ drücken</translation>
    </message>
    <message>
        <source>Applied: {hits}, {damage}</source>
        <translation>Angewendet: {hits}, {damage}</translation>
    </message>
</context>
<context>
    <name>AttributeEditor</name>
    <message>
        <source>Attributes</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Search attributes to add</source>
        <translation>Eigenschaften zum Hinzufügen suchen</translation>
    </message>
    <message>
        <source>Search attributes…</source>
        <translation>Eigenschaften suchen…</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add attribute</source>
        <translation>Eigenschaft hinzufügen</translation>
    </message>
    <message>
        <source>homebrew, {cost}</source>
        <translation>eigen, {cost}</translation>
    </message>
    <message>
        <source>No attributes yet.</source>
        <translation>Noch keine Eigenschaften.</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
    <message>
        <source>Change {what} of {name}</source>
        <translation>{what} von {name} ändern</translation>
    </message>
</context>
<context>
    <name>Autosaver</name>
    <message>
        <source>Autosave works again</source>
        <translation>Automatisches Speichern funktioniert wieder</translation>
    </message>
    <message>
        <source>Autosave failed: {last_error}. Save your work now.</source>
        <translation>Automatisches Speichern fehlgeschlagen: {last_error}. Speichern Sie Ihre Arbeit jetzt.</translation>
    </message>
    <message>
        <source>Autosave failed</source>
        <translation>Automatisches Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Your unsaved work could not be copied to {parent}:

{last_error}

Save the army (File ▸ Save As) to keep it.</source>
        <translation>Ihre ungespeicherte Arbeit konnte nicht nach {parent} kopiert werden:

{last_error}

Speichern Sie die Armee (Datei ▸ Speichern unter), um sie zu behalten.</translation>
    </message>
</context>
<context>
    <name>BalancePanel</name>
    <message>
        <source>&amp;Pool:</source>
        <translation>&amp;Pool:</translation>
    </message>
    <message>
        <source>Pool of designs</source>
        <translation>Pool der Entwürfe</translation>
    </message>
    <message>
        <source>This system&apos;s example armies</source>
        <translation>Die Beispielarmeen dieses Systems</translation>
    </message>
    <message>
        <source>This army itself</source>
        <translation>Diese Armee selbst</translation>
    </message>
    <message>
        <source>Your library&apos;s designs</source>
        <translation>Entwürfe Ihrer Bibliothek</translation>
    </message>
    <message>
        <source>The designs each element is judged against: its targets and its attackers</source>
        <translation>Die Entwürfe, an denen jedes Element gemessen wird: seine Ziele und seine Angreifer</translation>
    </message>
    <message>
        <source>Army &amp;files…</source>
        <translation>Armee&amp;dateien…</translation>
    </message>
    <message>
        <source>Choose the pool&apos;s army files</source>
        <translation>Armeedateien des Pools wählen</translation>
    </message>
    <message>
        <source>Other &amp;edition…</source>
        <translation>Andere &amp;Edition…</translation>
    </message>
    <message>
        <source>Price this army under another edition of its game</source>
        <translation>Diese Armee nach einer anderen Edition ihres Spiels bepreisen</translation>
    </message>
    <message>
        <source>Pool and measure</source>
        <translation>Pool und Maß</translation>
    </message>
    <message>
        <source>Selected element&apos;s balance</source>
        <translation>Balance des gewählten Elements</translation>
    </message>
    <message>
        <source>Change since the element was selected</source>
        <translation>Änderung seit der Auswahl des Elements</translation>
    </message>
    <message>
        <source>Value against points</source>
        <translation>Wert gegen Punkte</translation>
    </message>
    <message>
        <source>Each element&apos;s value over what its points predict</source>
        <translation>Wert jedes Elements im Verhältnis zu dem, was seine Punkte erwarten lassen</translation>
    </message>
    <message>
        <source>Each element&apos;s bar</source>
        <translation>Der Balken jedes Elements</translation>
    </message>
    <message>
        <source>Cannot price the army under another edition</source>
        <translation>Die Armee lässt sich nicht nach einer anderen Edition bepreisen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln army file(s)</source>
        <translation>
            <numerusform>%Ln Armeedatei</numerusform>
            <numerusform>%Ln Armeedateien</numerusform>
        </translation>
    </message>
    <message>
        <source>your library has no designs of this system to judge against</source>
        <translation>Ihre Bibliothek hat keine Entwürfe dieses Systems zum Vergleich</translation>
    </message>
    <message>
        <source>Against {elements} of {armies}; damage counted as {measure}</source>
        <translation>Gegen {elements} aus {armies}; Schaden gezählt als {measure}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln element(s)</source>
        <translation>
            <numerusform>%Ln Element</numerusform>
            <numerusform>%Ln Elemente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln army(s)</source>
        <translation>
            <numerusform>%Ln Armee</numerusform>
            <numerusform>%Ln Armeen</numerusform>
        </translation>
    </message>
    <message>
        <source>{element}: {ratio}× what its points predict</source>
        <translation>{element}: {ratio}× dessen, was seine Punkte erwarten lassen</translation>
    </message>
    <message>
        <source>No balance: {reason}</source>
        <translation>Keine Balance: {reason}</translation>
    </message>
    <message>
        <source>Select an element to see its balance and its place on the curve.</source>
        <translation>Wählen Sie ein Element, um seine Balance und seinen Platz auf der Kurve zu sehen.</translation>
    </message>
    <message>
        <source>{element}: {points} points; deals {deals}, takes {takes} per activation</source>
        <translation>{element}: {points} Punkte; teilt {deals} aus, steckt {takes} ein je Aktivierung</translation>
    </message>
    <message>
        <source>Value {value}, {per_point} per point</source>
        <translation>Wert {value}, {per_point} je Punkt</translation>
    </message>
    <message>
        <source>Value {ratio}× what its points predict</source>
        <translation>Wert {ratio}× dessen, was seine Punkte erwarten lassen</translation>
    </message>
    <message>
        <source>Has no attack: it can attack nothing</source>
        <translation>Hat keinen Angriff: kann nichts angreifen</translation>
    </message>
    <message>
        <source>Can harm nothing in the pool</source>
        <translation>Kann nichts im Pool verletzen</translation>
    </message>
    <message>
        <source>Nothing in the pool can harm it</source>
        <translation>Nichts im Pool kann es verletzen</translation>
    </message>
    <message>
        <source>Has no points: no value per point</source>
        <translation>Hat keine Punkte: kein Wert je Punkt</translation>
    </message>
    <message>
        <source>Costs {points} points: no value per point</source>
        <translation>Kostet {points} Punkte: kein Wert je Punkt</translation>
    </message>
    <message>
        <source>Deals {ratio}× what its points predict: too cheap</source>
        <translation>Teilt {ratio}× dessen aus, was seine Punkte erwarten lassen: zu billig</translation>
    </message>
    <message>
        <source>Deals {ratio}× what its points predict: too dear</source>
        <translation>Teilt {ratio}× dessen aus, was seine Punkte erwarten lassen: zu teuer</translation>
    </message>
    <message>
        <source>Lasts {ratio}× what its points predict: too cheap</source>
        <translation>Hält {ratio}× dessen durch, was seine Punkte erwarten lassen: zu billig</translation>
    </message>
    <message>
        <source>Lasts {ratio}× what its points predict: too dear</source>
        <translation>Hält {ratio}× dessen durch, was seine Punkte erwarten lassen: zu teuer</translation>
    </message>
    <message>
        <source>Value {ratio}× what its points predict: too cheap</source>
        <translation>Wert {ratio}× dessen, was seine Punkte erwarten lassen: zu billig</translation>
    </message>
    <message>
        <source>Value {ratio}× what its points predict: too dear</source>
        <translation>Wert {ratio}× dessen, was seine Punkte erwarten lassen: zu teuer</translation>
    </message>
    <message>
        <source>Since selected: Δpoints {points}, Δvalue {value}</source>
        <translation>Seit der Auswahl: ΔPunkte {points}, ΔWert {value}</translation>
    </message>
</context>
<context>
    <name>CodeImportActions</name>
    <message>
        <source>&amp;Import from Text…</source>
        <translation>Aus Text &amp;importieren…</translation>
    </message>
    <message>
        <source>Open the army of an army code: paste a forum post or chat message that ends with one</source>
        <translation>Die Armee eines Armeecodes öffnen: einen Forenbeitrag oder eine Chatnachricht einfügen, die mit einem endet</translation>
    </message>
    <message>
        <source>The clipboard holds no army code: copy a post that ends with one (a line starting with WARBENCH)</source>
        <translation>Die Zwischenablage enthält keinen Armeecode: einen Beitrag kopieren, der mit einem endet (eine Zeile, die mit WARBENCH beginnt)</translation>
    </message>
    <message>
        <source>Cannot import the army</source>
        <translation>Die Armee kann nicht importiert werden</translation>
    </message>
    <message>
        <source>Imported {name} from its army code: save it where you like</source>
        <translation>{name} aus seinem Armeecode importiert: speichern Sie sie, wo Sie möchten</translation>
    </message>
</context>
<context>
    <name>CostPanel</name>
    <message>
        <source>No element selected</source>
        <translation>Kein Element ausgewählt</translation>
    </message>
    <message>
        <source>Cost lines of the selected element</source>
        <translation>Kostenzeilen des ausgewählten Elements</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Posten</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>

Double-click, Enter or F1: the full rule in the browser</source>
        <translation>

Doppelklick, Eingabe oder F1: die vollständige Regel im Browser</translation>
    </message>
    <message>
        <source>&lt;b&gt;No points&lt;/b&gt; in this system (enter your own if you use them)</source>
        <translation>&lt;b&gt;Keine Punkte&lt;/b&gt; in diesem System (tragen Sie eigene ein, wenn Sie welche verwenden)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Element: {each} {currency}&lt;/b&gt; × {count} = {total} {currency}</source>
        <translation>&lt;b&gt;Element: {each} {currency}&lt;/b&gt; × {count} = {total} {currency}</translation>
    </message>
    <message>
        <source>Unit total: {points}</source>
        <translation>Einheit gesamt: {points}</translation>
    </message>
    <message>
        <source>no points</source>
        <translation>keine Punkte</translation>
    </message>
    <message>
        <source>Select a unit or an element to see its cost</source>
        <translation>Wählen Sie eine Einheit oder ein Element, um die Kosten zu sehen</translation>
    </message>
    <message>
        <source>Army: {total}</source>
        <translation>Armee: {total}</translation>
    </message>
    <message>
        <source>No warnings</source>
        <translation>Keine Warnungen</translation>
    </message>
    <message>
        <source>rule: {rule}</source>
        <translation>Regel: {rule}</translation>
    </message>
    <message>
        <source>
Click to select it</source>
        <translation>
Klicken, um es auszuwählen</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>

Double-click or Enter: select the element and see its cost lines</source>
        <translation>

Doppelklick oder Eingabe: das Element auswählen und seine Kostenzeilen sehen</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%Ln element(s)</source>
        <translation>
            <numerusform>%Ln Element</numerusform>
            <numerusform>%Ln Elemente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{title}: %Ln page(s) laid out…</source>
        <translation>
            <numerusform>{title}: %Ln Seite gesetzt…</numerusform>
            <numerusform>{title}: %Ln Seiten gesetzt…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{details}, … (%Ln dice; every face is in the History)</source>
        <translation>
            <numerusform>{details}, … (%Ln Würfel; jedes Ergebnis steht im Verlauf)</numerusform>
            <numerusform>{details}, … (%Ln Würfel; jedes Ergebnis steht im Verlauf)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln hit(s)</source>
        <translation>
            <numerusform>%Ln Treffer</numerusform>
            <numerusform>%Ln Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln shot(s)</source>
        <translation>
            <numerusform>%Ln Schuss</numerusform>
            <numerusform>%Ln Schüsse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln figure(s)</source>
        <translation>
            <numerusform>%Ln Figur</numerusform>
            <numerusform>%Ln Figuren</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DicePanel</name>
    <message>
        <source>Roll something to see its odds</source>
        <extracomment>hues of the chart&apos;s bars: a result, a result at or over the target, the result rolled; each is made to stand out from the chart&apos;s background at :data:`BAR_CONTRAST` (WCAG&apos;s figure for graphics) in any palette what the odds chart says when it has no bars, by why</extracomment>
        <translation>Würfeln Sie etwas, um die Chancen zu sehen</translation>
    </message>
    <message>
        <source>No odds: the expression above is not a roll yet</source>
        <translation>Keine Chancen: der Ausdruck oben ist noch kein Wurf</translation>
    </message>
    <message>
        <source>No chart: too many possible totals for exact odds (the note above says why)</source>
        <translation>Kein Diagramm: zu viele mögliche Summen für exakte Chancen (die Anmerkung oben sagt, warum)</translation>
    </message>
    <message>
        <source>Roll a {sides}-sided die</source>
        <translation>Einen {sides}-seitigen Würfel werfen</translation>
    </message>
    <message>
        <source>Roll a {sides}-sided die (d{sides})</source>
        <translation>Einen {sides}-seitigen Würfel werfen (d{sides})</translation>
    </message>
    <message>
        <source>Rolls of this system</source>
        <translation>Würfe dieses Systems</translation>
    </message>
    <message>
        <source>Dice to roll</source>
        <translation>Zu werfende Würfel</translation>
    </message>
    <message>
        <source>3d6+2, 4d6kh3, 2d20kl1, 10d6&gt;=4</source>
        <translation>3d6+2, 4d6kh3, 2d20kl1, 10d6&gt;=4</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Wurf</translation>
    </message>
    <message>
        <source>Chance of at least</source>
        <translation>Chance auf mindestens</translation>
    </message>
    <message>
        <source>P(≥ </source>
        <translation>P(≥ </translation>
    </message>
    <message>
        <source>Check die</source>
        <translation>Probenwürfel</translation>
    </message>
    <message>
        <source>Check modifier</source>
        <translation>Probenmodifikator</translation>
    </message>
    <message>
        <source>modifier </source>
        <translation>Modifikator </translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Check attacks</source>
        <translation>Angriffe der Probe</translation>
    </message>
    <message>
        <source> attack</source>
        <translation> Angriff</translation>
    </message>
    <message>
        <source>Roll check</source>
        <translation>Probe würfeln</translation>
    </message>
    <message>
        <source>Chances</source>
        <translation>Chancen</translation>
    </message>
    <message>
        <source>Roll history</source>
        <translation>Wurfverlauf</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Würfel</translation>
    </message>
    <message>
        <source>Clear history</source>
        <translation>Verlauf löschen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>{system}: common rolls…</source>
        <translation>{system}: übliche Würfe…</translation>
    </message>
    <message>
        <source>mean {mean} · range {low}–{high} · P(≥ {target}) = {chance}</source>
        <translation>Mittel {mean} · Bereich {low}–{high} · P(≥ {target}) = {chance}</translation>
    </message>
    <message>
        <source> · P(rolled {rolled} or more) = {chance}</source>
        <translation> · P({rolled} oder mehr gewürfelt) = {chance}</translation>
    </message>
    <message>
        <source>{roll}: exact odds</source>
        <translation>{roll}: exakte Chancen</translation>
    </message>
    <message>
        <source>Chance of {target}+ by die and modifier</source>
        <translation>{target}+-Chance je Würfel und Modifikator</translation>
    </message>
    <message>
        <source>{reroll} is one re-roll per game: spend it on the first failure of this roll</source>
        <translation>{reroll} ist ein Wiederholungswurf pro Spiel: setzen Sie ihn beim ersten Fehlschlag dieses Wurfs ein</translation>
    </message>
    <message>
        <source>Give {reroll} its one re-roll back</source>
        <translation>{reroll} seinen einen Wiederholungswurf zurückgeben</translation>
    </message>
    <message>
        <source>exactly {fraction}</source>
        <translation>genau {fraction}</translation>
    </message>
    <message numerus="yes">
        <source> attack(s)</source>
        <translation>
            <numerusform> Angriff</numerusform>
            <numerusform> Angriffe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attack(s): mean {mean} hits, at least one {chance}</source>
        <translation>
            <numerusform>%n Angriff: im Mittel {mean} Treffer, mindestens einer {chance}</numerusform>
            <numerusform>%n Angriffe: im Mittel {mean} Treffer, mindestens einer {chance}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attack(s)</source>
        <translation>
            <numerusform>%n Angriff</numerusform>
            <numerusform>%n Angriffe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hit(s)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>{die}: {chance} per attack ({fraction}); </source>
        <translation>{die}: {chance} pro Angriff ({fraction}); </translation>
    </message>
    <message>
        <source>
with your {reroll} re-roll spent here: mean {mean} hits, at least one {chance}</source>
        <translation>
mit Ihrem {reroll}-Wiederholungswurf hier: im Mittel {mean} Treffer, mindestens einer {chance}</translation>
    </message>
    <message>
        <source>P({hits} or more hits) = {chance}</source>
        <translation>P({hits} oder mehr Treffer) = {chance}</translation>
    </message>
    <message>
        <source>{roll}: successes</source>
        <translation>{roll}: Erfolge</translation>
    </message>
    <message>
        <source>{reroll} re-roll spent this game</source>
        <translation>{reroll}-Wiederholungswurf in diesem Spiel verbraucht</translation>
    </message>
    <message>
        <source>Spend the {reroll} re-roll here</source>
        <translation>{reroll}-Wiederholung hier nutzen</translation>
    </message>
</context>
<context>
    <name>DistributionChart</name>
    <message>
        <source>{caption}, rare tails left off</source>
        <extracomment>a chart leaves off tails whose bars would be under 1/TAIL_FRACTION of the tallest (under a pixel on any screen)</extracomment>
        <translation>{caption}, seltene Ränder ausgelassen</translation>
    </message>
</context>
<context>
    <name>ElementForm</name>
    <message>
        <source>Select an element in the army tree, or add a unit.</source>
        <translation>Wählen Sie ein Element im Armeebaum oder fügen Sie eine Einheit hinzu.</translation>
    </message>
    <message>
        <source>Not applied: {reasons}</source>
        <translation>Nicht übernommen: {reasons}</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>Open &amp;Recent</source>
        <extracomment>a game file: Open… and Open Recent play it (Game ▸ Open Game…)</extracomment>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Cannot open army</source>
        <translation>Armee kann nicht geöffnet werden</translation>
    </message>
    <message numerus="yes">
        <source>Opened {file} with %n repair(s) as a new army: save it under a new name</source>
        <translation>
            <numerusform>{file} mit %n Reparatur als neue Armee geöffnet: unter neuem Namen speichern</numerusform>
            <numerusform>{file} mit %n Reparaturen als neue Armee geöffnet: unter neuem Namen speichern</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened {path}</source>
        <translation>{path} geöffnet</translation>
    </message>
    <message>
        <source>Recover autosaved work</source>
        <translation>Automatisch gespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>Cannot save army</source>
        <translation>Armee kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>{path}

The example armies ship with Warbench and are never overwritten: save your copy in a folder of your own.</source>
        <translation>{path}

Die Beispielarmeen gehören zu Warbench und werden nie überschrieben: Speichern Sie Ihre Kopie in einem eigenen Ordner.</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>{path}

{value}

Your army is still open and unchanged; save it somewhere else.</source>
        <translation>{path}

{value}

Ihre Armee ist weiterhin geöffnet und unverändert; speichern Sie sie an einem anderen Ort.</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} gespeichert</translation>
    </message>
    <message>
        <source>{file} changed on disk since this window opened or saved it; Save will ask before replacing it</source>
        <translation>{file} wurde auf der Festplatte geändert, seit dieses Fenster sie geöffnet oder gespeichert hat; Speichern fragt vor dem Ersetzen nach</translation>
    </message>
    <message numerus="yes">
        <source>Sent %n page(s) to the printer</source>
        <translation>
            <numerusform>%n Seite an den Drucker gesendet</numerusform>
            <numerusform>%n Seiten an den Drucker gesendet</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot show the folder</source>
        <translation>Der Ordner kann nicht angezeigt werden</translation>
    </message>
    <message>
        <source>The PDF is in {folder}</source>
        <translation>Das PDF liegt in {folder}</translation>
    </message>
</context>
<context>
    <name>GameAutosaver</name>
    <message>
        <source>Autosave of the game failed: {problem}. Save the game now.</source>
        <translation>Automatisches Sichern des Spiels fehlgeschlagen: {problem}. Speichere das Spiel jetzt.</translation>
    </message>
</context>
<context>
    <name>GameDocument</name>
    <message>
        <source>attack refused: {rule}</source>
        <extracomment>the game file&apos;s extra field holding the free victory-point / objective counters, one per side</extracomment>
        <translation>Angriff verweigert: {rule}</translation>
    </message>
    <message>
        <source>the game has no file yet: save it as a file first</source>
        <translation>das Spiel hat noch keine Datei: speichere es zuerst als Datei</translation>
    </message>
</context>
<context>
    <name>HomebrewDialog</name>
    <message>
        <source>{name} (copy)</source>
        <translation>{name} (Kopie)</translation>
    </message>
    <message>
        <source>Edit homebrew {kind} — {system}</source>
        <translation>Eigenes {kind} bearbeiten — {system}</translation>
    </message>
    <message>
        <source>New homebrew {kind} — {system}</source>
        <translation>Neues eigenes {kind} — {system}</translation>
    </message>
    <message>
        <source>Name of your {kind}</source>
        <translation>Name für Ihr {kind}</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Shown as: {value}</source>
        <translation>Angezeigt als: {value}</translation>
    </message>
    <message>
        <source>Give it a name.</source>
        <translation>Geben Sie ihm einen Namen.</translation>
    </message>
</context>
<context>
    <name>ImportTextDialog</name>
    <message>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>Textdateien (*.txt *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import from Text</source>
        <translation>Aus Text importieren</translation>
    </message>
    <message>
        <source>Paste a forum post or chat message that ends with an army code (it starts with WARBENCH), or read it from a text file. The army opens as a new, unsaved army.</source>
        <translation>Fügen Sie einen Forenbeitrag oder eine Chatnachricht ein, die mit einem Armeecode endet (er beginnt mit WARBENCH), oder lesen Sie ihn aus einer Textdatei. Die Armee öffnet sich als neue, ungespeicherte Armee.</translation>
    </message>
    <message>
        <source>Text holding an army code</source>
        <translation>Text mit einem Armeecode</translation>
    </message>
    <message>
        <source>Army code found</source>
        <translation>Gefundener Armeecode</translation>
    </message>
    <message>
        <source>Read File…</source>
        <translation>Datei lesen…</translation>
    </message>
    <message>
        <source>Read a text file</source>
        <translation>Eine Textdatei lesen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Import the army</source>
        <translation>Die Armee importieren</translation>
    </message>
    <message>
        <source>An army code of {count} characters: Import opens its army.</source>
        <translation>Ein Armeecode mit {count} Zeichen: Importieren öffnet seine Armee.</translation>
    </message>
    <message>
        <source>No army code yet: paste the whole post, or at least the line that starts with WARBENCH.</source>
        <translation>Noch kein Armeecode: fügen Sie den ganzen Beitrag ein, oder zumindest die Zeile, die mit WARBENCH beginnt.</translation>
    </message>
    <message>
        <source>Read a text holding an army code</source>
        <translation>Einen Text mit einem Armeecode lesen</translation>
    </message>
</context>
<context>
    <name>InstanceServer</name>
    <message>
        <source>no private folder could be made for its socket</source>
        <translation>für seinen Socket ließ sich kein privater Ordner anlegen</translation>
    </message>
    <message>
        <source>{name} is held by something else ({what})</source>
        <translation>{name} ist durch etwas anderes belegt ({what})</translation>
    </message>
    <message>
        <source>a socket of another user</source>
        <translation>ein Socket eines anderen Benutzers</translation>
    </message>
    <message>
        <source>a socket that answers</source>
        <translation>ein Socket, der antwortet</translation>
    </message>
    <message>
        <source>a symbolic link</source>
        <translation>ein symbolischer Link</translation>
    </message>
    <message>
        <source>not a socket</source>
        <translation>kein Socket</translation>
    </message>
    <message>
        <source>Warbench runs as a separate instance: {why}. Files opened from other launches open in their own Warbench, not in this one.</source>
        <translation>Warbench läuft als eigene Instanz: {why}. Dateien aus anderen Starts öffnen sich in ihrem eigenen Warbench, nicht in diesem.</translation>
    </message>
    <message>
        <source>Refused a message from another launch: too long (over {limit} bytes)</source>
        <translation>Nachricht eines anderen Starts abgelehnt: zu lang (über {limit} Bytes)</translation>
    </message>
    <message>
        <source>Refused a message from another launch: not a Warbench message of this version</source>
        <translation>Nachricht eines anderen Starts abgelehnt: keine Warbench-Nachricht dieser Version</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>leer</translation>
    </message>
    <message>
        <source>over {count} files in one message</source>
        <translation>über {count} Dateien in einer Nachricht</translation>
    </message>
    <message>
        <source>over {count} files waiting to open</source>
        <translation>über {count} Dateien warten aufs Öffnen</translation>
    </message>
    <message>
        <source>Another launch handed over {value} files: {refused} refused ({why})</source>
        <translation>Ein weiterer Start hat {value} Dateien übergeben: {refused} abgelehnt ({why})</translation>
    </message>
</context>
<context>
    <name>LibraryActions</name>
    <message>
        <source>Save to &amp;Library</source>
        <translation>In der &amp;Bibliothek speichern</translation>
    </message>
    <message>
        <source>&amp;Insert from Library…</source>
        <translation>Aus der Bibliothek ein&amp;fügen…</translation>
    </message>
    <message>
        <source>Import Units from Army &amp;File…</source>
        <translation>Einheiten aus Armee&amp;datei importieren…</translation>
    </message>
    <message>
        <source>Library not updated</source>
        <translation>Bibliothek nicht aktualisiert</translation>
    </message>
    <message>
        <source>Library not read</source>
        <translation>Bibliothek nicht gelesen</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Your library has no other homebrew {what} for {name}</source>
        <translation>Ihre Bibliothek hat keine weiteren eigenen {what} für {name}</translation>
    </message>
    <message>
        <source>Homebrew {what} from your library</source>
        <translation>Eigene {what} aus Ihrer Bibliothek</translation>
    </message>
    <message>
        <source>Add {count} homebrew {what} from the library</source>
        <translation>{count} eigene {what} aus der Bibliothek hinzufügen</translation>
    </message>
    <message>
        <source>Select a unit or an element to save it to the library</source>
        <translation>Wählen Sie eine Einheit oder ein Element, um es in der Bibliothek zu speichern</translation>
    </message>
    <message>
        <source>Not saved to the library</source>
        <translation>Nicht in der Bibliothek gespeichert</translation>
    </message>
    <message>
        <source>Saved unit {name} to the library ({file})</source>
        <translation>Einheit {name} in der Bibliothek gespeichert ({file})</translation>
    </message>
    <message>
        <source>Saved element {name} to the library ({file})</source>
        <translation>Element {name} in der Bibliothek gespeichert ({file})</translation>
    </message>
    <message>
        <source>does not fit: {problem}</source>
        <translation>passt nicht: {problem}</translation>
    </message>
    <message>
        <source>Rename design</source>
        <translation>Entwurf umbenennen</translation>
    </message>
    <message>
        <source>New name for “{name}”:</source>
        <translation>Neuer Name für „{name}“:</translation>
    </message>
    <message>
        <source>Design not renamed</source>
        <translation>Entwurf nicht umbenannt</translation>
    </message>
    <message>
        <source>Delete design</source>
        <translation>Entwurf löschen</translation>
    </message>
    <message>
        <source>Delete “{name}” from your library?</source>
        <translation>„{name}“ aus Ihrer Bibliothek löschen?</translation>
    </message>
    <message>
        <source>Design not deleted</source>
        <translation>Entwurf nicht gelöscht</translation>
    </message>
    <message>
        <source>Deleted {name} from the library</source>
        <translation>{name} aus der Bibliothek gelöscht</translation>
    </message>
    <message>
        <source>{system} designs, priced under this army&apos;s options.</source>
        <translation>Entwürfe für {system}, bepreist mit den Optionen dieser Armee.</translation>
    </message>
    <message>
        <source>
Not readable: {problems}</source>
        <translation>
Nicht lesbar: {problems}</translation>
    </message>
    <message>
        <source>Your library has no {system} designs yet</source>
        <translation>Ihre Bibliothek hat noch keine Entwürfe für {system}</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Insert from library</source>
        <translation>Aus der Bibliothek einfügen</translation>
    </message>
    <message>
        <source>Insert {name}</source>
        <translation>{name} einfügen</translation>
    </message>
    <message>
        <source>Cannot import units</source>
        <translation>Einheiten können nicht importiert werden</translation>
    </message>
    <message>
        <source>Import units</source>
        <translation>Einheiten importieren</translation>
    </message>
    <message>
        <source>Units of {file}, priced under this army&apos;s options.</source>
        <translation>Einheiten aus {file}, bepreist nach den Optionen dieser Armee.</translation>
    </message>
    <message numerus="yes">
        <source>Import %n unit(s)</source>
        <translation>
            <numerusform>%n Einheit importieren</numerusform>
            <numerusform>%n Einheiten importieren</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ListCheckActions</name>
    <message>
        <source>Check &amp;Lists…</source>
        <translation>&amp;Listen prüfen…</translation>
    </message>
    <message>
        <source>Check every army file and army code in a folder against an event&apos;s rules: system, points limit, homebrew; duplicates named</source>
        <translation>Jede Armeedatei und jeden Armeecode in einem Ordner gegen die Regeln eines Turniers prüfen: System, Punktelimit, Homebrew; doppelte Listen werden genannt</translation>
    </message>
    <message>
        <source>Check the lists in a folder</source>
        <translation>Die Listen in einem Ordner prüfen</translation>
    </message>
    <message>
        <source>Checking the lists…</source>
        <translation>Die Listen werden geprüft…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Check Lists</source>
        <translation>Listen prüfen</translation>
    </message>
</context>
<context>
    <name>ListCheckDialog</name>
    <message>
        <source>Check Lists</source>
        <translation>Listen prüfen</translation>
    </message>
    <message>
        <source>Folder: {folder}</source>
        <translation>Ordner: {folder}</translation>
    </message>
    <message>
        <source>Lists checked</source>
        <translation>Geprüfte Listen</translation>
    </message>
    <message>
        <source>&amp;Open Army</source>
        <translation>Armee ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Open the chosen list&apos;s army (or double-click its row, or press Enter)</source>
        <translation>Die Armee der gewählten Liste öffnen (oder ihre Zeile doppelklicken oder die Eingabetaste drücken)</translation>
    </message>
    <message>
        <source>Save &amp;Report…</source>
        <translation>&amp;Bericht speichern…</translation>
    </message>
    <message>
        <source>Save the report as a web page, a spreadsheet (CSV) or JSON</source>
        <translation>Den Bericht als Webseite, Tabelle (CSV) oder JSON speichern</translation>
    </message>
    <message>
        <source>The event&apos;s system</source>
        <translation>Das System des Turniers</translation>
    </message>
    <message>
        <source>Any system</source>
        <translation>Jedes System</translation>
    </message>
    <message>
        <source>The event&apos;s points limit</source>
        <translation>Das Punktelimit des Turniers</translation>
    </message>
    <message>
        <source>Each army&apos;s own limit</source>
        <translation>Das eigene Limit jeder Armee</translation>
    </message>
    <message>
        <source>No &amp;homebrew</source>
        <translation>&amp;Kein Homebrew</translation>
    </message>
    <message>
        <source>&amp;Warnings fail a list</source>
        <translation>&amp;Warnungen lassen eine Liste durchfallen</translation>
    </message>
    <message>
        <source>&amp;Check Again</source>
        <translation>Erneut &amp;prüfen</translation>
    </message>
    <message>
        <source>&amp;System:</source>
        <translation>&amp;System:</translation>
    </message>
    <message>
        <source>Points &amp;limit:</source>
        <translation>Punkte&amp;limit:</translation>
    </message>
    <message>
        <source>Lists: {lists}; passing: {passed}; failing: {failed}</source>
        <translation>Listen: {lists}; bestanden: {passed}; durchgefallen: {failed}</translation>
    </message>
    <message>
        <source>sharing a fingerprint with another: {count}</source>
        <translation>mit dem Fingerabdruck einer anderen: {count}</translation>
    </message>
    <message>
        <source>texts without an army code left out: {count}</source>
        <translation>Texte ohne Armeecode ausgelassen: {count}</translation>
    </message>
    <message>
        <source>Cannot save the report</source>
        <translation>Der Bericht kann nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>ListCheckModel</name>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Army</source>
        <translation>Armee</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerabdruck</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Duplicate of</source>
        <translation>Doppelt mit</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>besteht</translation>
    </message>
    <message>
        <source>fails</source>
        <translation>fällt durch</translation>
    </message>
</context>
<context>
    <name>LogModel</name>
    <message>
        <source>R{round}: {step}</source>
        <translation>R{round}: {step}</translation>
    </message>
    <message>
        <source>(undone) </source>
        <translation>(rückgängig) </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Warbench</source>
        <extracomment>the window size Warbench prefers, in device-independent pixels, when the screen has room for it room left for the window manager&apos;s frame and title bar around the window</extracomment>
        <translation>Warbench</translation>
    </message>
    <message>
        <source>Loading Warbench…</source>
        <translation>Warbench wird geladen…</translation>
    </message>
    <message>
        <source>Warbench could not start.

{error}</source>
        <translation>Warbench konnte nicht starten.

{error}</translation>
    </message>
    <message>
        <source>New army</source>
        <translation>Neue Armee</translation>
    </message>
    <message>
        <source>Army: units and elements</source>
        <translation>Armee: Einheiten und Elemente</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Edit not applied</source>
        <translation>Änderung nicht übernommen</translation>
    </message>
    <message>
        <source>New element</source>
        <translation>Neues Element</translation>
    </message>
    <message>
        <source>{name} (not saved)</source>
        <translation>{name} (nicht gespeichert)</translation>
    </message>
    <message>
        <source>{name}[*] — Warbench</source>
        <translation>{name}[*] — Warbench</translation>
    </message>
</context>
<context>
    <name>MatchupPanel</name>
    <message>
        <source>Expected damage per activation: each attacker unit&apos;s best action against each target unit</source>
        <extracomment>units on each side the matrix tab shows (a stranger&apos;s army may hold 100,000: 10**10 cells); the command line&apos;s JSON holds them all cells above which the matrix shows its progress, with a Cancel button</extracomment>
        <translation>Erwarteter Schaden je Aktivierung: die beste Aktion jeder angreifenden Einheit gegen jede Zieleinheit</translation>
    </message>
    <message>
        <source>Select an element or a unit to attack with</source>
        <translation>Wählen Sie ein Element oder eine Einheit als Angreifer</translation>
    </message>
    <message>
        <source>Targets from</source>
        <translation>Ziele aus</translation>
    </message>
    <message>
        <source>This army</source>
        <translation>Diese Armee</translation>
    </message>
    <message>
        <source>Opponent…</source>
        <translation>Gegner…</translation>
    </message>
    <message>
        <source>Open an opponent&apos;s .army.json beside this army (it is not merged)</source>
        <translation>Die .army.json eines Gegners neben dieser Armee öffnen (sie wird nicht zusammengeführt)</translation>
    </message>
    <message>
        <source>Targets:</source>
        <translation>Ziele:</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Odds</source>
        <translation>Chancen</translation>
    </message>
    <message>
        <source>Attack</source>
        <translation>Angriff</translation>
    </message>
    <message>
        <source>Shots</source>
        <translation>Schüsse</translation>
    </message>
    <message>
        <source>P(hit)</source>
        <translation>P(Treffer)</translation>
    </message>
    <message>
        <source>P(damage)</source>
        <translation>P(Schaden)</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <source>Matchup notes</source>
        <translation>Anmerkungen zum Vergleich</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>Aktion:</translation>
    </message>
    <message>
        <source>Damage in one activation:</source>
        <translation>Schaden in einer Aktivierung:</translation>
    </message>
    <message>
        <source>Expected damage, unit against unit</source>
        <translation>Erwarteter Schaden, Einheit gegen Einheit</translation>
    </message>
    <message>
        <source>Army vs army</source>
        <translation>Armee gegen Armee</translation>
    </message>
    <message>
        <source>{name} is a {system} army; this army plays {ours}</source>
        <translation>{name} ist eine Armee für {system}; diese Armee spielt {ours}</translation>
    </message>
    <message>
        <source>Opponent: {name}</source>
        <translation>Gegner: {name}</translation>
    </message>
    <message>
        <source>Cannot open the opponent</source>
        <translation>Der Gegner kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attacker:&lt;/b&gt; {name}</source>
        <translation>&lt;b&gt;Angreifer:&lt;/b&gt; {name}</translation>
    </message>
    <message>
        <source>The target army has no elements</source>
        <translation>Die Zielarmee hat keine Elemente</translation>
    </message>
    <message>
        <source>{unit}: {count} elements; {attacks}. Select one element to see its odds.</source>
        <translation>{unit}: {count} Elemente; {attacks}. Wählen Sie ein Element, um seine Chancen zu sehen.</translation>
    </message>
    <message>
        <source>Too many attacks to work out exactly: see the first note</source>
        <translation>Zu viele Angriffe für eine exakte Berechnung: siehe die erste Anmerkung</translation>
    </message>
    <message>
        <source>forbidden (odds 0) by {rule}</source>
        <translation>verboten (Chance 0) durch {rule}</translation>
    </message>
    <message>
        <source>    with {reroll} ({side})</source>
        <translation>    mit {reroll} ({side})</translation>
    </message>
    <message>
        <source>hits, no damage: {rule}</source>
        <translation>trifft, kein Schaden: {rule}</translation>
    </message>
    <message>
        <source>No attack of this action reaches the target</source>
        <translation>Kein Angriff dieser Aktion erreicht das Ziel</translation>
    </message>
    <message>
        <source>Expected hits {number}</source>
        <translation>Erwartete Treffer {number}</translation>
    </message>
    <message>
        <source>expected damage ({damage}) {number}</source>
        <translation>erwarteter Schaden ({damage}) {number}</translation>
    </message>
    <message>
        <source>P(at least one) {chance}</source>
        <translation>P(mindestens einer) {chance}</translation>
    </message>
    <message>
        <source>points efficiency {ratio} ({removed} of {mine} pts)</source>
        <translation>Punkteeffizienz {ratio} ({removed} von {mine} Pkt.)</translation>
    </message>
    <message>
        <source>Too many attacks to work out exactly: {reason}</source>
        <translation>Zu viele Angriffe für eine exakte Berechnung: {reason}</translation>
    </message>
    <message>
        <source>Cancelled: switch tabs or change the situation to work the matrix out again</source>
        <translation>Abgebrochen: Wechseln Sie den Reiter oder ändern Sie die Situation, um die Matrix neu zu berechnen</translation>
    </message>
    <message>
        <source>the first {count} of {total} attacking units</source>
        <translation>die ersten {count} von {total} angreifenden Einheiten</translation>
    </message>
    <message>
        <source>the first {count} of {total} target units</source>
        <translation>die ersten {count} von {total} Zieleinheiten</translation>
    </message>
    <message>
        <source> (showing {which}; warbench matchup --json gives them all)</source>
        <translation> (gezeigt: {which}; warbench matchup --json liefert alle)</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>Working out {count} matchups…</source>
        <translation>{count} Vergleiche werden berechnet…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Matchup matrix progress</source>
        <translation>Fortschritt der Vergleichsmatrix</translation>
    </message>
</context>
<context>
    <name>PackExportActions</name>
    <message>
        <source>Web pages (*.html)</source>
        <translation>Webseiten (*.html)</translation>
    </message>
    <message>
        <source>Export table pack</source>
        <translation>Spieltisch-Paket exportieren</translation>
    </message>
    <message>
        <source>Table &amp;pack (HTML)…</source>
        <translation>Spieltisch-&amp;Paket (HTML)…</translation>
    </message>
    <message>
        <source>One page for a phone at the table: cards, rules, dice, odds and a tracker, offline</source>
        <translation>Eine Seite fürs Telefon am Spieltisch: Karten, Regeln, Würfel, Chancen und ein Tracker, offline</translation>
    </message>
    <message>
        <source>Cannot export the table pack</source>
        <translation>Das Spieltisch-Paket kann nicht exportiert werden</translation>
    </message>
</context>
<context>
    <name>PickDialog</name>
    <message>
        <source>Search by name</source>
        <extracomment>a pick dialog&apos;s extra button: (label, object name, what it does to the current row&apos;s payload). The callback returns None when nothing changed, else (the new rows, the label of the row to select or None)</extracomment>
        <translation>Nach Namen suchen</translation>
    </message>
    <message>
        <source>Search by name…</source>
        <translation>Nach Namen suchen…</translation>
    </message>
</context>
<context>
    <name>PlayActions</name>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Spielen</translation>
    </message>
    <message>
        <source>▶ Play</source>
        <translation>▶ Spielen</translation>
    </message>
    <message>
        <source>Play a game with this army (F5); F5 or Esc comes back to building</source>
        <translation>Ein Spiel mit dieser Armee spielen (F5); F5 oder Esc kehrt zum Aufbauen zurück</translation>
    </message>
    <message>
        <source>&amp;New Game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>A new game of this army against an opponent&apos;s army or a copy of it</source>
        <translation>Ein neues Spiel dieser Armee gegen die Armee eines Gegners oder eine Kopie von ihr</translation>
    </message>
    <message>
        <source>Open &amp;Game…</source>
        <translation>Spiel ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Save Ga&amp;me</source>
        <translation>Spiel spei&amp;chern</translation>
    </message>
    <message>
        <source>Save Game &amp;As…</source>
        <translation>Spiel speichern &amp;unter…</translation>
    </message>
    <message>
        <source>E&amp;xport Game Log…</source>
        <translation>Spielprotokoll e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>Back to &amp;Building</source>
        <extracomment>the army&apos;s Save: Ctrl+S is its while the builder is shown, Save Game&apos;s while the game is (_sync_game_actions)</extracomment>
        <translation>Zurück zum &amp;Aufbauen</translation>
    </message>
    <message>
        <source>game (not saved)</source>
        <translation>Spiel (nicht gespeichert)</translation>
    </message>
    <message>
        <source>Cannot open the opponent</source>
        <translation>Der Gegner kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Cannot start the game</source>
        <translation>Das Spiel kann nicht beginnen</translation>
    </message>
    <message>
        <source>the game</source>
        <translation>das Spiel</translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation>Das Spiel kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>{source}

The game cannot be shown: {problem}</source>
        <translation>{source}

Das Spiel kann nicht angezeigt werden: {problem}</translation>
    </message>
    <message>
        <source>game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Cannot save the game</source>
        <translation>Das Spiel kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved the game to {path}</source>
        <translation>Spiel gespeichert unter {path}</translation>
    </message>
    <message>
        <source>Cannot export the log</source>
        <translation>Das Protokoll kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Exported the log to {path}</source>
        <translation>Protokoll exportiert nach {path}</translation>
    </message>
</context>
<context>
    <name>PlayView</name>
    <message>
        <source>Play view</source>
        <translation>Spielansicht</translation>
    </message>
    <message>
        <source>&amp;Next Round</source>
        <translation>&amp;Nächste Runde</translation>
    </message>
    <message>
        <source>Next round: activations cleared</source>
        <translation>Nächste Runde: Aktivierungen zurückgesetzt</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Undo the last step (Ctrl+Z)</source>
        <translation>Den letzten Schritt rückgängig machen (Strg+Z)</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Redo the step undone (Ctrl+Shift+Z)</source>
        <translation>Den rückgängig gemachten Schritt wiederholen (Strg+Umschalt+Z)</translation>
    </message>
    <message>
        <source>Back to &amp;Building</source>
        <translation>&amp;Zurück zum Aufbauen</translation>
    </message>
    <message>
        <source>Back to building the army (Esc, F5)</source>
        <translation>Zurück zum Aufbauen der Armee (Esc, F5)</translation>
    </message>
    <message>
        <source>{side} victory points</source>
        <translation>{side} Siegpunkte</translation>
    </message>
    <message>
        <source>Victory points / objectives: a free counter, kept in the game file</source>
        <translation>Siegpunkte / Missionsziele: ein freier Zähler, in der Spieldatei gespeichert</translation>
    </message>
    <message>
        <source>VP {side}:</source>
        <translation>SP {side}:</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <source>E&amp;xport Log…</source>
        <translation>Protokoll e&amp;xportieren…</translation>
    </message>
    <message>
        <source>The log as plain text or Markdown</source>
        <translation>Das Protokoll als reiner Text oder Markdown</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Ruling and unit rolls</source>
        <translation>Von Hand und Einheitswürfe</translation>
    </message>
    <message>
        <source>Attack</source>
        <translation>Angriff</translation>
    </message>
    <message>
        <source>Undo Step</source>
        <translation>Schritt rückgängig</translation>
    </message>
    <message>
        <source>Redo Step</source>
        <translation>Schritt wiederholen</translation>
    </message>
    <message>
        <source>Back to Building</source>
        <translation>Zurück zum Aufbauen</translation>
    </message>
    <message>
        <source>Roll Initiative</source>
        <translation>Initiative würfeln</translation>
    </message>
    <message>
        <source>Initiative</source>
        <translation>Initiative</translation>
    </message>
    <message>
        <source>Roll for initiative (Ctrl+I): {rule}</source>
        <translation>Initiative würfeln (Strg+I): {rule}</translation>
    </message>
    <message>
        <source>Initiative roll</source>
        <translation>Initiativewurf</translation>
    </message>
    <message>
        <source>{side} initiative modifier</source>
        <translation>Initiativemodifikator {side}</translation>
    </message>
    <message>
        <source>The scenario&apos;s modifier to this side&apos;s initiative roll</source>
        <translation>Der Modifikator des Szenarios für den Initiativewurf dieser Seite</translation>
    </message>
    <message>
        <source>{side} +</source>
        <translation>{side} +</translation>
    </message>
    <message>
        <source>Round {number}</source>
        <translation>Runde {number}</translation>
    </message>
</context>
<context>
    <name>PrintPreview</name>
    <message>
        <source>Print Preview — {army}</source>
        <translation>Druckvorschau — {army}</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Fit &amp;Width</source>
        <translation>&amp;Breite einpassen</translation>
    </message>
    <message>
        <source>Whole &amp;Page</source>
        <translation>Ganze &amp;Seite</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>&amp;Export PDF…</source>
        <translation>PDF &amp;exportieren…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n Seite</numerusform>
            <numerusform>%n Seiten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sent %n page(s) to the printer</source>
        <translation>
            <numerusform>%n Seite an den Drucker gesendet</numerusform>
            <numerusform>%n Seiten an den Drucker gesendet</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuickLookup</name>
    <message>
        <source>Quick lookup</source>
        <translation>Schnellsuche</translation>
    </message>
    <message>
        <source>Look up</source>
        <translation>Nachschlagen</translation>
    </message>
    <message>
        <source>Type to search attributes, spells and rules tables…</source>
        <translation>Tippen, um Eigenschaften, Zauber und Regeltabellen zu durchsuchen…</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>The full rule</source>
        <translation>Die vollständige Regel</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Eigenschaft</translation>
    </message>
    <message>
        <source>Spell</source>
        <translation>Zauber</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>No match for “{query}”</source>
        <translation>Kein Treffer für „{query}“</translation>
    </message>
</context>
<context>
    <name>ReferenceBrowser</name>
    <message>
        <source>Rule system</source>
        <extracomment>&quot;new&quot; with the section list to add to (&quot;weapons&quot;); &quot;edit&quot;, &quot;duplicate&quot;, &quot;delete&quot; with the entry&apos;s id; &quot;library&quot; with &quot;&quot;</extracomment>
        <translation>Regelsystem</translation>
    </message>
    <message>
        <source>Search attributes</source>
        <translation>Eigenschaften durchsuchen</translation>
    </message>
    <message>
        <source>Search spells</source>
        <translation>Zauber durchsuchen</translation>
    </message>
    <message>
        <source>Search attributes: name, rule text, tags…</source>
        <translation>Eigenschaften durchsuchen: Name, Regeltext, Schlagwörter…</translation>
    </message>
    <message>
        <source>Search spells: name, rule text, tags…</source>
        <translation>Zauber durchsuchen: Name, Regeltext, Schlagwörter…</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Used in this army</source>
        <translation>Nur verwendete</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>Zauber</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <source>The attribute&apos;s full rule</source>
        <translation>Die vollständige Regel der Eigenschaft</translation>
    </message>
    <message>
        <source>The spell&apos;s full rule</source>
        <translation>Die vollständige Regel des Zaubers</translation>
    </message>
    <message>
        <source>Add to selected element</source>
        <translation>Zum Element hinzufügen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Ändern…</translation>
    </message>
    <message>
        <source>Duplicate…</source>
        <translation>Duplizieren…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>From library…</source>
        <translation>Aus der Bibliothek…</translation>
    </message>
    <message>
        <source>Your own entries are kept in the army file (and your library)</source>
        <translation>Eigene Einträge werden in der Armeedatei (und Ihrer Bibliothek) gespeichert</translation>
    </message>
    <message>
        <source>Search {what}: name, rule text, tags…</source>
        <translation>{what} durchsuchen: Name, Regeltext, Schlagwörter…</translation>
    </message>
    <message>
        <source>Add to the army as a new unit</source>
        <translation>Der Armee als neue Einheit hinzufügen</translation>
    </message>
    <message>
        <source>All costs</source>
        <translation>Alle Kosten</translation>
    </message>
    <message>
        <source>New {kind}…</source>
        <translation>Neu: {kind}…</translation>
    </message>
    <message>
        <source>Make your own {kind}: it is kept in the army file (and your library)</source>
        <translation>Eigenes erstellen ({kind}): es wird in der Armeedatei (und Ihrer Bibliothek) gespeichert</translation>
    </message>
    <message>
        <source>{value} has no {title}</source>
        <translation>{value} hat keine {title}</translation>
    </message>
    <message>
        <source>This system</source>
        <translation>Dieses System</translation>
    </message>
    <message>
        <source>No match for “{query}”</source>
        <translation>Kein Treffer für „{query}“</translation>
    </message>
</context>
<context>
    <name>ReferenceDocks</name>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Attributes</source>
        <extracomment>the docks, tabbed together in this order (F6 / Shift+F6 are the next / previous pane: gui.panes)</extracomment>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Spells</source>
        <translation>Zauber</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Würfel</translation>
    </message>
    <message>
        <source>Matchup</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
    <message>
        <source>Show the {panel} panel in front, ready to type ({key}); again to close it</source>
        <translation>Den Bereich {panel} nach vorn holen, bereit zur Eingabe ({key}); erneut, um ihn zu schließen</translation>
    </message>
    <message>
        <source>&amp;Quick lookup…</source>
        <translation>&amp;Schnellsuche…</translation>
    </message>
    <message>
        <source>Full &amp;Rule of the Focused Line</source>
        <translation>Vollständige &amp;Regel der fokussierten Zeile</translation>
    </message>
    <message>
        <source>The full rule of the attribute, spell or cost line that has the keyboard focus, in its browser (F1)</source>
        <translation>Die vollständige Regel der Eigenschaft, des Zaubers oder der Kostenzeile mit dem Tastaturfokus, in ihrem Browser (F1)</translation>
    </message>
    <message>
        <source>F1 opens the full rule of the attribute, spell or cost line that has the keyboard focus</source>
        <translation>F1 öffnet die vollständige Regel der Eigenschaft, des Zaubers oder der Kostenzeile mit dem Tastaturfokus</translation>
    </message>
</context>
<context>
    <name>ReferenceModel</name>
    <message>
        <source>Homebrew, defined in this army.</source>
        <extracomment>narrowest useful width of a long text column (tags, summary); below it the column gives way</extracomment>
        <translation>Eigener Eintrag, in dieser Armee definiert.</translation>
    </message>
</context>
<context>
    <name>RepairListDialog</name>
    <message>
        <source>Open with Repairs</source>
        <translation>Mit Reparaturen öffnen</translation>
    </message>
    <message>
        <source>1 value</source>
        <translation>1 Wert</translation>
    </message>
    <message>
        <source>{count} values</source>
        <translation>{count} Werte</translation>
    </message>
    <message>
        <source>{source}

Opening this file drops or changes {count}, listed below. The file itself is not changed: the repaired army opens as a new, unsaved army, to save under a new name.</source>
        <translation>{source}

Beim Öffnen dieser Datei werden {count} verworfen oder geändert, unten aufgeführt. Die Datei selbst bleibt unverändert: die reparierte Armee öffnet sich als neue, ungespeicherte Armee, die Sie unter einem neuen Namen speichern.</translation>
    </message>
    <message>
        <source>Values dropped or changed</source>
        <translation>Verworfene oder geänderte Werte</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open the repaired army as a new, unsaved army</source>
        <translation>Die reparierte Armee als neue, ungespeicherte Armee öffnen</translation>
    </message>
    <message>
        <source>Cancel: open nothing</source>
        <translation>Abbrechen: nichts öffnen</translation>
    </message>
</context>
<context>
    <name>RepriceDialog</name>
    <message>
        <source>Priced under {system}</source>
        <translation>Bepreist nach {system}</translation>
    </message>
    <message>
        <source>The army under {system}: {new} points (now {old}); what does not map is dropped</source>
        <translation>Die Armee nach {system}: {new} Punkte (jetzt {old}); was sich nicht übertragen lässt, entfällt</translation>
    </message>
    <message>
        <source>Each element&apos;s points under both editions</source>
        <translation>Punkte jedes Elements in beiden Editionen</translation>
    </message>
    <message>
        <source>Unit / element</source>
        <translation>Einheit / Element</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Re-priced</source>
        <translation>Neu bepreist</translation>
    </message>
    <message>
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <source>Does not map</source>
        <translation>Nicht übertragbar</translation>
    </message>
    <message>
        <source>What does not map for the whole army</source>
        <translation>Was sich für die ganze Armee nicht übertragen lässt</translation>
    </message>
    <message>
        <source>&amp;Save as New Army…</source>
        <translation>Als neue Armee &amp;speichern…</translation>
    </message>
    <message>
        <source>Cannot save the army</source>
        <translation>Die Armee kann nicht gespeichert werden</translation>
    </message>
</context>
<context>
    <name>RulingPanel</name>
    <message>
        <source>State field to set by hand</source>
        <translation>Von Hand zu setzendes Zustandsfeld</translation>
    </message>
    <message>
        <source>A field of the selected element&apos;s state, set by hand (logged, undoable)</source>
        <translation>Ein Feld des Zustands des gewählten Elements, von Hand gesetzt (protokolliert, rückgängig zu machen)</translation>
    </message>
    <message>
        <source>New value</source>
        <translation>Neuer Wert</translation>
    </message>
    <message>
        <source>JSON: true, 3, [ ]</source>
        <translation>JSON: true, 3, [ ]</translation>
    </message>
    <message>
        <source>New number</source>
        <translation>Neue Zahl</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>New yes or no</source>
        <translation>Neues Ja oder Nein</translation>
    </message>
    <message>
        <source>New text</source>
        <translation>Neuer Text</translation>
    </message>
    <message>
        <source>New value, one of the rules&apos; choices</source>
        <translation>Neuer Wert, eine der Wahlmöglichkeiten der Regeln</translation>
    </message>
    <message>
        <source>&amp;Set</source>
        <translation>Se&amp;tzen</translation>
    </message>
    <message>
        <source>Set the field by hand</source>
        <translation>Das Feld von Hand setzen</translation>
    </message>
    <message>
        <source>By hand:</source>
        <translation>Von Hand:</translation>
    </message>
    <message>
        <source>{value} is not a JSON value (true, 3, &quot;text&quot;, [ ] ...)</source>
        <translation>{value} ist kein JSON-Wert (true, 3, &quot;text&quot;, [ ] ...)</translation>
    </message>
    <message>
        <source>{field} is already {value}: nothing to set</source>
        <translation>{field} ist schon {value}: nichts zu setzen</translation>
    </message>
</context>
<context>
    <name>ScatterChart</name>
    <message>
        <source>Points (log scale)</source>
        <translation>Punkte (log. Skala)</translation>
    </message>
    <message>
        <source>Value (log scale)</source>
        <translation>Wert (log. Skala)</translation>
    </message>
    <message>
        <source>Nothing to plot</source>
        <translation>Nichts darzustellen</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Search actions or keys</source>
        <translation>Aktionen oder Tasten suchen</translation>
    </message>
    <message>
        <source>Search actions or keys…</source>
        <translation>Aktionen oder Tasten suchen…</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>No action matches</source>
        <translation>Keine passende Aktion</translation>
    </message>
</context>
<context>
    <name>SideModel</name>
    <message>
        <source>Unit / element</source>
        <translation>Einheit / Element</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>{left}/{count} in play</source>
        <translation>{left}/{count} im Spiel</translation>
    </message>
</context>
<context>
    <name>SidePane</name>
    <message>
        <source>{side}: units and elements</source>
        <extracomment>the play view&apos;s smallest text, in points: read from across a table</extracomment>
        <translation>{side}: Einheiten und Elemente</translation>
    </message>
</context>
<context>
    <name>SpellEditor</name>
    <message>
        <source>Spells</source>
        <translation>Zauber</translation>
    </message>
    <message>
        <source>homebrew</source>
        <translation>eigen</translation>
    </message>
    <message>
        <source>{summary}

Double-click or F1: the full rule</source>
        <translation>{summary}

Doppelklick oder F1: die vollständige Regel</translation>
    </message>
    <message>
        <source>{title}: {used} of {allowed}{note}</source>
        <translation>{title}: {used} von {allowed}{note}</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>&lt;h1&gt;Warbench&lt;/h1&gt;</source>
        <translation>&lt;h1&gt;Warbench&lt;/h1&gt;</translation>
    </message>
    <message>
        <source>Start a new army, or open one you have.</source>
        <translation>Beginnen Sie eine neue Armee oder öffnen Sie eine vorhandene.</translation>
    </message>
    <message>
        <source>New army</source>
        <translation>Neue Armee</translation>
    </message>
    <message>
        <source>A new {system} army</source>
        <translation>Eine neue Armee für {system}</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Import from Text…</source>
        <translation>Aus Text importieren…</translation>
    </message>
    <message>
        <source>Open the army of an army code pasted from a forum post or chat (or press Ctrl+V)</source>
        <translation>Die Armee eines aus einem Forenbeitrag oder Chat eingefügten Armeecodes öffnen (oder Strg+V drücken)</translation>
    </message>
    <message>
        <source>Recent armies and games</source>
        <translation>Zuletzt geöffnete Armeen und Spiele</translation>
    </message>
    <message>
        <source>None yet: armies and games you open or save are listed here.</source>
        <translation>Noch keine: Armeen und Spiele, die Sie öffnen oder speichern, erscheinen hier.</translation>
    </message>
    <message>
        <source>Example armies</source>
        <translation>Beispielarmeen</translation>
    </message>
    <message>
        <source>{army} ({system})
Opens a copy of {file}: save it where you like</source>
        <translation>{army} ({system})
Öffnet eine Kopie von {file}: speichern Sie sie, wo Sie möchten</translation>
    </message>
    <message>
        <source>Reopen the last army when Warbench starts</source>
        <translation>Beim Start von Warbench die letzte Armee wieder öffnen</translation>
    </message>
    <message>
        <source>Back to the army</source>
        <translation>Zurück zur Armee</translation>
    </message>
    <message>
        <source>{file}  (missing)</source>
        <translation>{file}  (fehlt)</translation>
    </message>
</context>
<context>
    <name>StartPageActions</name>
    <message>
        <source>Start &amp;Page</source>
        <translation>Start&amp;seite</translation>
    </message>
    <message>
        <source>New army per system, recent files and example armies</source>
        <translation>Neue Armee je System, zuletzt geöffnete Dateien und Beispielarmeen</translation>
    </message>
    <message>
        <source>New army</source>
        <translation>Neue Armee</translation>
    </message>
    <message>
        <source>Cannot open the example</source>
        <translation>Das Beispiel kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened a copy of the example {file}</source>
        <translation>Eine Kopie des Beispiels {file} geöffnet</translation>
    </message>
</context>
<context>
    <name>TableRollsPanel</name>
    <message>
        <source>Rolls due</source>
        <translation>Fällige Würfe</translation>
    </message>
    <message>
        <source>The selected unit&apos;s table roll</source>
        <translation>Tischwurf der gewählten Einheit</translation>
    </message>
    <message>
        <source>The rolls the rules offer the selected element&apos;s unit now</source>
        <translation>Die Würfe, die die Regeln der Einheit des gewählten Elements jetzt anbieten</translation>
    </message>
    <message>
        <source>R&amp;oll</source>
        <translation>W&amp;erfen</translation>
    </message>
    <message>
        <source>Make the unit&apos;s roll (logged, undoable)</source>
        <translation>Den Wurf der Einheit machen (protokolliert, rückgängig zu machen)</translation>
    </message>
    <message>
        <source>Odds of the roll</source>
        <translation>Chancen des Wurfs</translation>
    </message>
    <message>
        <source>Result of the roll</source>
        <translation>Ergebnis des Wurfs</translation>
    </message>
    <message>
        <source>Unit roll:</source>
        <translation>Einheitenwurf:</translation>
    </message>
    <message>
        <source>Due: {unit} {name}: {roll} ({why})</source>
        <translation>Fällig: {unit} {name}: {roll} ({why})</translation>
    </message>
    <message>
        <source> (due)</source>
        <translation> (fällig)</translation>
    </message>
    <message>
        <source>No roll for this unit now</source>
        <translation>Jetzt kein Wurf für diese Einheit</translation>
    </message>
    <message>
        <source>{dice} needs {need}{modifiers}: {odds}</source>
        <translation>{dice} braucht {need}{modifiers}: {odds}</translation>
    </message>
    <message>
        <source>{faces}, modified {modifier}</source>
        <translation>{faces}, verändert um {modifier}</translation>
    </message>
    <message>
        <source>{roll}: rolled {faces}, total {total}: {outcome}. {effect}</source>
        <translation>{roll}: gewürfelt {faces}, Summe {total}: {outcome}. {effect}</translation>
    </message>
</context>
<context>
    <name>TextExportActions</name>
    <message>
        <source>Army as &amp;text…</source>
        <translation>Armee als &amp;Text…</translation>
    </message>
    <message>
        <source>The army as text for a forum or chat, ending with its army code</source>
        <translation>Die Armee als Text für ein Forum oder einen Chat, am Ende mit ihrem Armeecode</translation>
    </message>
    <message>
        <source>Cannot export the army as text</source>
        <translation>Die Armee kann nicht als Text exportiert werden</translation>
    </message>
</context>
<context>
    <name>UnitPanel</name>
    <message>
        <source>Unit name</source>
        <translation>Name der Einheit</translation>
    </message>
    <message>
        <source>Unit notes</source>
        <translation>Notizen zur Einheit</translation>
    </message>
    <message>
        <source>Notes for this unit: its role, deployment, reminders… (printed nowhere else)</source>
        <translation>Notizen zu dieser Einheit: ihre Rolle, Aufstellung, Erinnerungen… (nirgends sonst gedruckt)</translation>
    </message>
    <message>
        <source>The unit&apos;s elements</source>
        <translation>Die Elemente der Einheit</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>Element</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Each</source>
        <translation>Je</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Double-click or press Enter to edit the element</source>
        <translation>Doppelklicken oder Eingabe drücken, um das Element zu bearbeiten</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notizen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Elements&lt;/b&gt;</source>
        <translation>&lt;b&gt;Elemente&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Not applied: {reasons}</source>
        <translation>Nicht übernommen: {reasons}</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Neu…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save Army</source>
        <translation>Armee &amp;speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Print Pre&amp;view…</source>
        <translation>Druck&amp;vorschau…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Add &amp;Unit</source>
        <translation>&amp;Einheit hinzufügen</translation>
    </message>
    <message>
        <source>Add &amp;Element</source>
        <translation>E&amp;lement hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>&amp;Duplizieren</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>E&amp;infügen</translation>
    </message>
    <message>
        <source>Cut the selected unit or element (Ctrl+X in the army tree)</source>
        <translation>Die ausgewählte Einheit oder das Element ausschneiden (Strg+X im Armeebaum)</translation>
    </message>
    <message>
        <source>Copy the selected unit or element, to paste here or into another army (Ctrl+C)</source>
        <translation>Die ausgewählte Einheit oder das Element kopieren, um es hier oder in eine andere Armee einzufügen (Strg+C)</translation>
    </message>
    <message>
        <source>Paste units or elements copied from an army of this system (Ctrl+V)</source>
        <translation>Aus einer Armee dieses Systems kopierte Einheiten oder Elemente einfügen (Strg+V)</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>Rename the selected unit or element (Ctrl+R, or double-click it)</source>
        <translation>Die ausgewählte Einheit oder das Element umbenennen (Strg+R oder Doppelklick)</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move Do&amp;wn</source>
        <translation>Nach u&amp;nten</translation>
    </message>
    <message>
        <source>+ Unit</source>
        <translation>+ Einheit</translation>
    </message>
    <message>
        <source>+ Element</source>
        <translation>+ Element</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplizieren</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Copy Army as &amp;Text</source>
        <translation>Armee als &amp;Text kopieren</translation>
    </message>
    <message>
        <source>&amp;Plain Text</source>
        <translation>&amp;Reiner Text</translation>
    </message>
    <message>
        <source>&amp;Markdown</source>
        <translation>&amp;Markdown</translation>
    </message>
    <message>
        <source>&amp;BBCode (forums)</source>
        <translation>&amp;BBCode (Foren)</translation>
    </message>
    <message>
        <source>&amp;Army</source>
        <translation>A&amp;rmee</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Every key of every action, generated from the menus (Ctrl+/)</source>
        <translation>Jede Taste jeder Aktion, aus den Menüs erzeugt (Strg+/)</translation>
    </message>
    <message>
        <source>&amp;About Warbench</source>
        <translation>&amp;Über Warbench</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>plain</source>
        <translation>reinen Text</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown-Text</translation>
    </message>
    <message>
        <source>BBCode</source>
        <translation>BBCode-Text</translation>
    </message>
    <message>
        <source>Cannot copy the army as text</source>
        <translation>Die Armee kann nicht als Text kopiert werden</translation>
    </message>
    <message>
        <source>Copied {name} as {format} text (1 line)</source>
        <translation>{name} als {format} kopiert (1 Zeile)</translation>
    </message>
    <message>
        <source>Copied {name} as {format} text ({count} lines)</source>
        <translation>{name} als {format} kopiert ({count} Zeilen)</translation>
    </message>
    <message>
        <source>No army options in {system}</source>
        <translation>Keine Armeeoptionen in {system}</translation>
    </message>
    <message>
        <source>Change {option}</source>
        <translation>{option} ändern</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>New element</source>
        <translation>Neues Element</translation>
    </message>
    <message>
        <source>{name} is already the first unit</source>
        <translation>{name} ist bereits die erste Einheit</translation>
    </message>
    <message>
        <source>{name} is already the last unit</source>
        <translation>{name} ist bereits die letzte Einheit</translation>
    </message>
    <message>
        <source>{name} is already the first element of the first unit</source>
        <translation>{name} ist bereits das erste Element der ersten Einheit</translation>
    </message>
    <message>
        <source>{name} is already the last element of the last unit</source>
        <translation>{name} ist bereits das letzte Element der letzten Einheit</translation>
    </message>
    <message>
        <source>Select a unit or an element in the army tree to copy it</source>
        <translation>Wählen Sie im Armeebaum eine Einheit oder ein Element, um es zu kopieren</translation>
    </message>
    <message>
        <source>Copied {what}</source>
        <translation>{what} kopiert</translation>
    </message>
    <message>
        <source>Nothing to paste: copy a unit or an element first (Ctrl+C in the army tree)</source>
        <translation>Nichts einzufügen: kopieren Sie zuerst eine Einheit oder ein Element (Strg+C im Armeebaum)</translation>
    </message>
    <message>
        <source>Cannot paste</source>
        <translation>Einfügen nicht möglich</translation>
    </message>
    <message>
        <source>Paste {label}</source>
        <translation>{label} einfügen</translation>
    </message>
</context>
<context>
    <name>WindowPanes</name>
    <message>
        <source>Next &amp;Pane</source>
        <translation>&amp;Nächster Bereich</translation>
    </message>
    <message>
        <source>Pre&amp;vious Pane</source>
        <translation>&amp;Vorheriger Bereich</translation>
    </message>
    <message>
        <source>Put the keys in the next pane: tree, form, cost, warnings, panels (F6)</source>
        <translation>Die Tastatur in den nächsten Bereich: Baum, Formular, Kosten, Warnungen, Panels (F6)</translation>
    </message>
    <message>
        <source>Put the keys in the previous pane (Shift+F6)</source>
        <translation>Die Tastatur in den vorherigen Bereich (Umschalt+F6)</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Unreadable autosaved work</source>
        <extracomment>the sizes of the icon&apos;s renders, resources/icons/warbench-N.png (those the desktop entry installs)</extracomment>
        <translation>Unlesbare automatisch gespeicherte Arbeit</translation>
    </message>
    <message>
        <source>1 autosaved copy from an earlier session could not be read and cannot be recovered. Nothing was deleted:

{list}</source>
        <translation>1 automatisch gespeicherte Kopie aus einer früheren Sitzung ließ sich nicht lesen und kann nicht wiederhergestellt werden. Nichts wurde gelöscht:

{list}</translation>
    </message>
    <message>
        <source>{count} autosaved copies from an earlier session could not be read and cannot be recovered. Nothing was deleted:

{list}</source>
        <translation>{count} automatisch gespeicherte Kopien aus einer früheren Sitzung ließen sich nicht lesen und können nicht wiederhergestellt werden. Nichts wurde gelöscht:

{list}</translation>
    </message>
    <message>
        <source>Cannot recover autosaved work</source>
        <translation>Automatisch gesicherte Arbeit kann nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <source>The autosaved copy could not be shown. Nothing was deleted:

{copy}</source>
        <translation>Die automatisch gesicherte Kopie konnte nicht angezeigt werden. Nichts wurde gelöscht:

{copy}</translation>
    </message>
    <message>
        <source>Warbench cannot start</source>
        <translation>Warbench kann nicht starten</translation>
    </message>
</context>
<context>
    <name>army_tree</name>
    <message>
        <source>Name</source>
        <extracomment>the column titles and their tips, marked for lupdate and translated where shown (headerData)</extracomment>
        <translation>Name</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>Anz.</translation>
    </message>
    <message>
        <source>Each</source>
        <translation>Je</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Unit or element name</source>
        <translation>Name der Einheit oder des Elements</translation>
    </message>
    <message>
        <source>How many</source>
        <translation>Wie viele</translation>
    </message>
    <message>
        <source>Cost of one</source>
        <translation>Kosten von einem</translation>
    </message>
    <message>
        <source>Cost of all of them</source>
        <translation>Kosten aller</translation>
    </message>
</context>
<context>
    <name>autosave</name>
    <message>
        <source>an unsaved new army</source>
        <extracomment>the name of a game&apos;s autosaved copy (an army&apos;s is ``*.army.json``)</extracomment>
        <translation>eine ungespeicherte neue Armee</translation>
    </message>
    <message>
        <source>{army} (autosaved {when})</source>
        <translation>{army} (automatisch gespeichert {when})</translation>
    </message>
    <message>
        <source>unknown time</source>
        <translation>unbekannte Zeit</translation>
    </message>
    <message>
        <source>kept as {path}</source>
        <translation>aufbewahrt als {path}</translation>
    </message>
    <message>
        <source>left at {path} (could not be moved)</source>
        <translation>belassen unter {path} (ließ sich nicht verschieben)</translation>
    </message>
</context>
<context>
    <name>dialogs</name>
    <message>
        <source>Army files (*.army.json);;JSON files (*.json);;All files (*)</source>
        <translation>Armeedateien (*.army.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Armies and games (*.army.json *.game.json);;Army files (*.army.json);;Game files (*.game.json);;JSON files (*.json);;All files (*)</source>
        <translation>Armeen und Spiele (*.army.json *.game.json);;Armeedateien (*.army.json);;Spieldateien (*.game.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>“{name}” has unsaved changes.</source>
        <translation>„{name}“ hat ungespeicherte Änderungen.</translation>
    </message>
    <message>
        <source>Save them before closing?</source>
        <translation>Vor dem Schließen speichern?</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>Warbench found unsaved work from a session that did not close normally:

{description}</source>
        <translation>Warbench hat ungespeicherte Arbeit aus einer Sitzung gefunden, die nicht normal beendet wurde:

{description}</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Decide later</source>
        <translation>Später entscheiden</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>Datei auf der Festplatte geändert</translation>
    </message>
    <message>
        <source>{path}

This file changed on disk since this window opened or saved it (another window, another Warbench or another program saved it). Overwrite replaces that version with this one.</source>
        <translation>{path}

Diese Datei wurde auf der Festplatte geändert, seit dieses Fenster sie geöffnet oder gespeichert hat (ein anderes Fenster, ein anderes Warbench oder ein anderes Programm hat sie gespeichert). Überschreiben ersetzt jene Fassung durch diese.</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>Überschreiben</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source> and {count} more</source>
        <translation> und {count} weitere</translation>
    </message>
    <message>
        <source>Homebrew entries</source>
        <translation>Eigene Einträge</translation>
    </message>
    <message>
        <source>“{army}” defines homebrew entries your library does not have:

{entries}

Add them to your library, so your next army can use them?</source>
        <translation>„{army}“ definiert eigene Einträge, die Ihre Bibliothek nicht hat:

{entries}

Zu Ihrer Bibliothek hinzufügen, damit Ihre nächste Armee sie verwenden kann?</translation>
    </message>
    <message>
        <source>Qt for Python, the window toolkit</source>
        <extracomment>what Warbench bundles or runs on: (distribution, what it is, its licence), shown in Help ▸ About</extracomment>
        <translation>Qt für Python, das Fenster-Toolkit</translation>
    </message>
    <message>
        <source>rules data and army file validation</source>
        <translation>Prüfung der Regeldaten und Armeedateien</translation>
    </message>
    <message>
        <source>PDF army sheets and cards</source>
        <translation>PDF-Armeeblätter und -Karten</translation>
    </message>
    <message>
        <source>typo-forgiving search</source>
        <translation>tippfehlertolerante Suche</translation>
    </message>
    <message>
        <source>PDFium, print preview and printing</source>
        <translation>PDFium, Druckvorschau und Drucken</translation>
    </message>
    <message>
        <source>Bitstream Vera licence, DejaVu changes in the public domain</source>
        <extracomment>the fonts in resources/fonts, embedded in every PDF: (family, licence)</extracomment>
        <translation>Bitstream-Vera-Lizenz, DejaVu-Änderungen gemeinfrei</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <source>{question}

This cannot be undone.</source>
        <translation>{question}

Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Army builder and rules reference for point-buy tabletop wargames.</source>
        <translation>Armeebaukasten und Regelnachschlagewerk für Tabletop-Wargames mit Punktkosten.</translation>
    </message>
    <message>
        <source>Warbench is free software under the MIT licence. It embeds the DejaVu fonts (Bitstream Vera licence, changes in the public domain) and Droid Sans Fallback (Apache License 2.0); their licence texts ship beside them in the fonts folder.</source>
        <translation>Warbench ist freie Software unter der MIT-Lizenz. Es bettet die Schriften DejaVu (Bitstream-Vera-Lizenz, Änderungen gemeinfrei) und Droid Sans Fallback (Apache License 2.0) ein; ihre Lizenztexte liegen neben ihnen im Ordner fonts.</translation>
    </message>
    <message>
        <source>Libraries</source>
        <translation>Bibliotheken</translation>
    </message>
    <message>
        <source>Fonts</source>
        <translation>Schriften</translation>
    </message>
    <message>
        <source>About Warbench</source>
        <translation>Über Warbench</translation>
    </message>
    <message>
        <source>Open with Repairs…</source>
        <translation>Mit Reparaturen öffnen…</translation>
    </message>
    <message>
        <source>Open with Repairs: see what would be dropped or changed</source>
        <translation>Mit Reparaturen öffnen: sehen, was verworfen oder geändert würde</translation>
    </message>
    <message>
        <source>Open army or game</source>
        <translation>Armee oder Spiel öffnen</translation>
    </message>
    <message>
        <source>Open army</source>
        <translation>Armee öffnen</translation>
    </message>
    <message>
        <source>Save army as</source>
        <translation>Armee speichern unter</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF-Dateien (*.pdf)</translation>
    </message>
    <message>
        <source>Web page (*.html);;Spreadsheet, CSV (*.csv);;JSON (*.json)</source>
        <translation>Webseite (*.html);;Tabelle, CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Save the report</source>
        <translation>Bericht speichern</translation>
    </message>
    <message>
        <source>Export finished</source>
        <translation>Export abgeschlossen</translation>
    </message>
    <message>
        <source>Saved {path}.

Open it now?</source>
        <translation>{path} gespeichert.

Jetzt öffnen?</translation>
    </message>
    <message>
        <source>No PDF viewer</source>
        <translation>Kein PDF-Betrachter</translation>
    </message>
    <message>
        <source>No application opened {path}.

Install a PDF viewer, or open the file from its folder. Show the folder?</source>
        <translation>Keine Anwendung hat {path} geöffnet.

Installieren Sie einen PDF-Betrachter oder öffnen Sie die Datei aus ihrem Ordner. Den Ordner anzeigen?</translation>
    </message>
    <message>
        <source>New army</source>
        <translation>Neue Armee</translation>
    </message>
    <message>
        <source>Rule system</source>
        <translation>Regelsystem</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Points limit</source>
        <translation>Punktelimit</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>kein Limit</translation>
    </message>
    <message>
        <source>This system has no points</source>
        <translation>Dieses System hat keine Punkte</translation>
    </message>
    <message>
        <source>Game files (*.game.json);;JSON files (*.json);;All files (*)</source>
        <translation>Spieldateien (*.game.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Plain text (*.txt)</source>
        <translation>Reiner Text (*.txt)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>A game of “{name}” against which army?</source>
        <translation>Ein Spiel von „{name}“ gegen welche Armee?</translation>
    </message>
    <message>
        <source>The game keeps its own copies of both armies: editing them later changes nothing in it.</source>
        <translation>Das Spiel behält eigene Kopien beider Armeen: Spätere Änderungen an ihnen ändern nichts daran.</translation>
    </message>
    <message>
        <source>Opponent&apos;s Army File…</source>
        <translation>Armeedatei des Gegners…</translation>
    </message>
    <message>
        <source>A Copy of This Army</source>
        <translation>Eine Kopie dieser Armee</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Spiel öffnen</translation>
    </message>
    <message>
        <source>Save game as</source>
        <translation>Spiel speichern unter</translation>
    </message>
    <message>
        <source>Export game log</source>
        <translation>Spielprotokoll exportieren</translation>
    </message>
</context>
<context>
    <name>element_form</name>
    <message>
        <source>Click the name or press F1 in this row: the full rule in the browser</source>
        <extracomment>said wherever a rule can be opened from</extracomment>
        <translation>Auf den Namen klicken oder F1 in dieser Zeile drücken: die vollständige Regel im Browser</translation>
    </message>
    <message>
        <source>Give {what}</source>
        <extracomment>an optional field&apos;s value editor and its on/off box (None for other fields)</extracomment>
        <translation>{what} geben</translation>
    </message>
    <message>
        <source>Ticked: the element has {what}; unticked: none</source>
        <translation>Angehakt: das Element hat {what}; nicht angehakt: keine</translation>
    </message>
</context>
<context>
    <name>exporting</name>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Exported {path}</source>
        <translation>{path} exportiert</translation>
    </message>
</context>
<context>
    <name>game_autosave</name>
    <message>
        <source>an unsaved game</source>
        <extracomment>changes this close together are written once (a copy per keystroke of a counter would be waste)</extracomment>
        <translation>ein ungespeichertes Spiel</translation>
    </message>
    <message>
        <source>{game} (autosaved {when})</source>
        <translation>{game} (automatisch gesichert {when})</translation>
    </message>
</context>
<context>
    <name>i18n</name>
    <message>
        <source>{number}%</source>
        <translation>{number}&#xa0;%</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>The language changes when Warbench starts again</source>
        <translation>Die Sprache wechselt beim nächsten Start von Warbench</translation>
    </message>
</context>
<context>
    <name>pdf_pages</name>
    <message>
        <source>cannot print to {printer}</source>
        <extracomment>the most pixels per inch a printed page is rasterised at (a 300 dpi A4 page is 35 MB while drawn) pixels per inch of the preview&apos;s pages (sharp up to about 150 % zoom)</extracomment>
        <translation>Drucken auf {printer} nicht möglich</translation>
    </message>
    <message>
        <source>cannot print to the printer</source>
        <translation>Drucken auf dem Drucker nicht möglich</translation>
    </message>
</context>
<context>
    <name>play_text</name>
    <message>
        <source>Side A</source>
        <translation>Seite A</translation>
    </message>
    <message>
        <source>Side B</source>
        <translation>Seite B</translation>
    </message>
    <message>
        <source>{n}+: {chance}</source>
        <translation>{n}+: {chance}</translation>
    </message>
    <message>
        <source>{n} damage</source>
        <translation>{n} Schaden</translation>
    </message>
    <message>
        <source>{n} or less</source>
        <translation>{n} oder weniger</translation>
    </message>
    <message>
        <source>tie, rolled again</source>
        <translation>Gleichstand, neu gewürfelt</translation>
    </message>
    <message>
        <source>attacker wins</source>
        <translation>Angreifer gewinnt</translation>
    </message>
    <message>
        <source>target wins</source>
        <translation>Ziel gewinnt</translation>
    </message>
    <message>
        <source>{step}: attacker {dice} {mine}, target {dice} {theirs}: {outcome}</source>
        <translation>{step}: Angreifer {dice} {mine}, Ziel {dice} {theirs}: {outcome}</translation>
    </message>
    <message>
        <source>success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source> (re-rolled)</source>
        <translation> (wiederholt)</translation>
    </message>
    <message>
        <source>{step}: {dice} rolled {total}, needs {need}: {outcome}{again}</source>
        <translation>{step}: {dice} würfelt {total}, braucht {need}: {outcome}{again}</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>round {before} → {after}</source>
        <translation>Runde {before} → {after}</translation>
    </message>
    <message>
        <source>{element}: {fields} set by hand</source>
        <translation>{element}: {fields} von Hand gesetzt</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>{unit}: {roll} roll, {outcome}</source>
        <translation>{unit}: Wurf auf {roll}, {outcome}</translation>
    </message>
    <message>
        <source>{attack} ({figures})</source>
        <translation>{attack} ({figures})</translation>
    </message>
    <message>
        <source>{attacker} {attack} → {target}: {hits}, {damage}{effects}</source>
        <translation>{attacker} {attack} → {target}: {hits}, {damage}{effects}</translation>
    </message>
    <message>
        <source>Figure {number}: {roll}</source>
        <translation>Figur {number}: {roll}</translation>
    </message>
    <message>
        <source> (tie)</source>
        <translation> (Gleichstand)</translation>
    </message>
    <message>
        <source>{side} loses the initiative: {reason}</source>
        <translation>{side} verliert die Initiative: {reason}</translation>
    </message>
    <message>
        <source>Initiative: {rolls}; {side} goes first</source>
        <translation>Initiative: {rolls}; {side} beginnt</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
</context>
<context>
    <name>print_preview</name>
    <message>
        <source>Print</source>
        <translation>Drucken</translation>
    </message>
    <message>
        <source>Print failed</source>
        <translation>Drucken fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>printing</name>
    <message>
        <source>Army sheet</source>
        <extracomment>every document, in the order the window lists them</extracomment>
        <translation>Armeeblatt</translation>
    </message>
    <message>
        <source>Army &amp;sheet (PDF)…</source>
        <translation>Armee&amp;blatt (PDF)…</translation>
    </message>
    <message>
        <source>&amp;Print army sheet…</source>
        <translation>Armeeblatt &amp;drucken…</translation>
    </message>
    <message>
        <source>Roster summary (one page)</source>
        <translation>Aufstellungsübersicht (eine Seite)</translation>
    </message>
    <message>
        <source>Roster s&amp;ummary, one page (PDF)…</source>
        <translation>Aufstellungs&amp;übersicht, eine Seite (PDF)…</translation>
    </message>
    <message>
        <source>The army does not fit one page</source>
        <translation>Die Armee passt nicht auf eine Seite</translation>
    </message>
    <message>
        <source>Reference cards</source>
        <translation>Referenzkarten</translation>
    </message>
    <message>
        <source>Reference &amp;cards (PDF)…</source>
        <translation>Referenz&amp;karten (PDF)…</translation>
    </message>
    <message>
        <source>Balance report</source>
        <translation>Balancebericht</translation>
    </message>
    <message>
        <source>Export balance report</source>
        <translation>Balancebericht exportieren</translation>
    </message>
    <message>
        <source>&amp;Balance report (PDF)…</source>
        <translation>Bala&amp;ncebericht (PDF)…</translation>
    </message>
    <message>
        <source>No balance report for this army</source>
        <translation>Kein Balancebericht für diese Armee</translation>
    </message>
    <message>
        <source>Game tracker</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <source>Game &amp;tracker (PDF)…</source>
        <translation>Spiel&amp;protokoll (PDF)…</translation>
    </message>
    <message>
        <source>Export army sheet</source>
        <translation>Armeeblatt exportieren</translation>
    </message>
    <message>
        <source>Export roster summary (one page)</source>
        <translation>Aufstellungsübersicht exportieren (eine Seite)</translation>
    </message>
    <message>
        <source>Export reference cards</source>
        <translation>Referenzkarten exportieren</translation>
    </message>
    <message>
        <source>Export game tracker</source>
        <translation>Spielprotokoll exportieren</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Papier</translation>
    </message>
    <message>
        <source>Landscape</source>
        <translation>Querformat</translation>
    </message>
    <message>
        <source>Merge identical elements</source>
        <translation>Gleiche Elemente zusammenfassen</translation>
    </message>
    <message>
        <source>Cards per page</source>
        <translation>Karten pro Seite</translation>
    </message>
    <message>
        <source>{n} (poker size)</source>
        <translation>{n} (Pokergröße)</translation>
    </message>
    <message>
        <source>{n} (large print)</source>
        <translation>{n} (Großdruck)</translation>
    </message>
    <message>
        <source>Tick boxes on the sheet and cards</source>
        <translation>Ankreuzfelder auf Blatt und Karten</translation>
    </message>
    <message>
        <source>Build-time cards</source>
        <translation>Karten für den Armeebau</translation>
    </message>
    <message>
        <source>army</source>
        <extracomment>what File ▸ Print… prints and Print Preview shows first, for every army: a document picked in a preview is for that preview only (a summary picked once must not print for the next army)</extracomment>
        <translation>Armee</translation>
    </message>
</context>
<context>
    <name>reference</name>
    <message>
        <source>{name} [homebrew]</source>
        <extracomment>Qt 6.10 added begin/endFilterChange and deprecated invalidateFilter; 6.9 has only the latter</extracomment>
        <translation>{name} [eigen]</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Homebrew: defined in this army&apos;s file.</source>
        <translation>Eigener Eintrag: in der Datei dieser Armee definiert.</translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation>Kosten:</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Requires:</source>
        <translation>Voraussetzung:</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>Schlagwörter:</translation>
    </message>
    <message>
        <source>Effect:</source>
        <translation>Wirkung:</translation>
    </message>
    <message>
        <source>Used in this army by:</source>
        <translation>In dieser Armee verwendet von:</translation>
    </message>
    <message>
        <source>Not used in this army.</source>
        <translation>In dieser Armee nicht verwendet.</translation>
    </message>
</context>
<context>
    <name>repair_list</name>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <source>army</source>
        <extracomment>the settings file object that the reads and writes inside :func:`batched` share, by path the longest name (UTF-8 bytes, before its suffix) a file dialog suggests: room for the suffix and a save&apos;s temporary name within the 255 bytes file systems allow what no file name holds on some system: separators, Windows&apos; reserved characters</extracomment>
        <translation>Armee</translation>
    </message>
</context>
<context>
    <name>shortcuts</name>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
</context>
<context>
    <name>single_instance</name>
    <message>
        <source>not text</source>
        <extracomment>for each answer: the running Warbench answers from its event loop, which may be busy for a while (opening a 5,000-unit army takes about half a second); only a process of this user listens here</extracomment>
        <translation>kein Text</translation>
    </message>
    <message>
        <source>not a path</source>
        <translation>kein Pfad</translation>
    </message>
    <message>
        <source>not an absolute path</source>
        <translation>kein absoluter Pfad</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>keine solche Datei</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>keine reguläre Datei</translation>
    </message>
</context>
<context>
    <name>text_export</name>
    <message>
        <source>Plain text (*.txt)</source>
        <extracomment>the save dialog&apos;s file types: (filter, text format, suffix added to a name without one)</extracomment>
        <translation>Reiner Text (*.txt)</translation>
    </message>
    <message>
        <source>Markdown: Discord, Reddit, GitHub (*.md)</source>
        <translation>Markdown: Discord, Reddit, GitHub (*.md)</translation>
    </message>
    <message>
        <source>BBCode for forums (*.txt)</source>
        <translation>BBCode für Foren (*.txt)</translation>
    </message>
    <message>
        <source>Export army as text</source>
        <translation>Armee als Text exportieren</translation>
    </message>
</context>
<context>
    <name>text_limits</name>
    <message>
        <source>{count} characters were left out: </source>
        <translation>{count} Zeichen wurden weggelassen: </translation>
    </message>
    <message>
        <source>a text holds at most {count} characters (the limit an army file is read with).</source>
        <translation>ein Text fasst höchstens {count} Zeichen (die Grenze, mit der eine Armeedatei gelesen wird).</translation>
    </message>
    <message>
        <source>This field</source>
        <translation>Dieses Feld</translation>
    </message>
    <message>
        <source>{field} goes in steps of {step}: {typed} became {value}.</source>
        <translation>{field} geht in Schritten von {step}: aus {typed} wurde {value}.</translation>
    </message>
    <message>
        <source>{name} takes numbers from {low} to {high}{steps}.</source>
        <translation>{name} nimmt Zahlen von {low} bis {high}{steps}.</translation>
    </message>
    <message>
        <source>{name} takes whole numbers from {low} to {high}{steps}.</source>
        <translation>{name} nimmt ganze Zahlen von {low} bis {high}{steps}.</translation>
    </message>
    <message>
        <source>{name} does not take that.</source>
        <translation>{name} nimmt das nicht an.</translation>
    </message>
    <message>
        <source>, in steps of {step}</source>
        <translation>, in Schritten von {step}</translation>
    </message>
</context>
<context>
    <name>unit_panel</name>
    <message>
        <source>no points</source>
        <translation>keine Punkte</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unit total: {total}&lt;/b&gt; ({count})</source>
        <translation>&lt;b&gt;Einheit gesamt: {total}&lt;/b&gt; ({count})</translation>
    </message>
</context>
</TS>
