<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AttackPanel</name>
    <message numerus="yes">
        <source>With the %Ln hit(s) it carries: {odds}</source>
        <translation>
            <numerusform>With the %Ln hit it carries: {odds}</numerusform>
            <numerusform>With the %Ln hits it carries: {odds}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BalancePanel</name>
    <message numerus="yes">
        <source>%Ln army file(s)</source>
        <translation>
            <numerusform>%Ln army file</numerusform>
            <numerusform>%Ln army files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln element(s)</source>
        <translation>
            <numerusform>%Ln element</numerusform>
            <numerusform>%Ln elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln army(s)</source>
        <translation>
            <numerusform>%Ln army</numerusform>
            <numerusform>%Ln armies</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>%Ln element(s)</source>
        <translation>
            <numerusform>%Ln element</numerusform>
            <numerusform>%Ln elements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{title}: %Ln page(s) laid out…</source>
        <translation>
            <numerusform>{title}: %Ln page laid out…</numerusform>
            <numerusform>{title}: %Ln pages laid out…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{details}, … (%Ln dice; every face is in the History)</source>
        <translation>
            <numerusform>{details}, … (%Ln die; every face is in the History)</numerusform>
            <numerusform>{details}, … (%Ln dice; every face is in the History)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln hit(s)</source>
        <translation>
            <numerusform>%Ln hit</numerusform>
            <numerusform>%Ln hits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln shot(s)</source>
        <translation>
            <numerusform>%Ln shot</numerusform>
            <numerusform>%Ln shots</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln figure(s)</source>
        <translation>
            <numerusform>%Ln figure</numerusform>
            <numerusform>%Ln figures</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DicePanel</name>
    <message numerus="yes">
        <source> attack(s)</source>
        <translation>
            <numerusform> attack</numerusform>
            <numerusform> attacks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attack(s): mean {mean} hits, at least one {chance}</source>
        <translation>
            <numerusform>%n attack: mean {mean} hits, at least one {chance}</numerusform>
            <numerusform>%n attacks: mean {mean} hits, at least one {chance}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attack(s)</source>
        <translation>
            <numerusform>%n attack</numerusform>
            <numerusform>%n attacks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hit(s)</source>
        <translation>
            <numerusform>%n hit</numerusform>
            <numerusform>%n hits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message numerus="yes">
        <source>Opened {file} with %n repair(s) as a new army: save it under a new name</source>
        <translation>
            <numerusform>Opened {file} with %n repair as a new army: save it under a new name</numerusform>
            <numerusform>Opened {file} with %n repairs as a new army: save it under a new name</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sent %n page(s) to the printer</source>
        <translation>
            <numerusform>Sent %n page to the printer</numerusform>
            <numerusform>Sent %n pages to the printer</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LibraryActions</name>
    <message numerus="yes">
        <source>Import %n unit(s)</source>
        <translation>
            <numerusform>Import %n unit</numerusform>
            <numerusform>Import %n units</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrintPreview</name>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n page</numerusform>
            <numerusform>%n pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sent %n page(s) to the printer</source>
        <translation>
            <numerusform>Sent %n page to the printer</numerusform>
            <numerusform>Sent %n pages to the printer</numerusform>
        </translation>
    </message>
</context>
</TS>
