<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CheckOutcome</name>
    <message numerus="yes">
        <source>%n native libraries load</source>
        <translation>
            <numerusform>%n native library loads</numerusform>
            <numerusform>%n native libraries load</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>driver %1; torch uses %n GPU(s)</source>
        <translation>
            <numerusform>driver %1; torch uses %n GPU</numerusform>
            <numerusform>driver %1; torch uses %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s), caused by: %1</source>
        <translation>
            <numerusform>%n problem, caused by: %1</numerusform>
            <numerusform>%n problems, caused by: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CheckReport</name>
    <message numerus="yes">
        <source>%n problem(s) here, told under their cause: %1 [%2]</source>
        <translation>
            <numerusform>%n problem here, told under its cause: %1 [%2]</numerusform>
            <numerusform>%n problems here, told under their cause: %1 [%2]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FixCommand</name>
    <message numerus="yes">
        <source>Undo these %n steps?</source>
        <translation>
            <numerusform>Undo this step?</numerusform>
            <numerusform>Undo these %n steps?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FixStep</name>
    <message numerus="yes">
        <source>Write %1 (%n bytes)</source>
        <translation>
            <numerusform>Write %1 (%n byte)</numerusform>
            <numerusform>Write %1 (%n bytes)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FixText</name>
    <message numerus="yes">
        <source>Apply these %n steps?</source>
        <translation>
            <numerusform>Apply this step?</numerusform>
            <numerusform>Apply these %n steps?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FlowText</name>
    <message numerus="yes">
        <source>checked again: %n error(s) left (%1)</source>
        <translation>
            <numerusform>checked again: %n error left (%1)</numerusform>
            <numerusform>checked again: %n errors left (%1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstallationCheck</name>
    <message numerus="yes">
        <source>No Python %1 is on this machine, and the venv&apos;s packages were installed for %1. Python %2 is at %3: the repair makes the venv again on it and installs the same %n distribution(s) again at the same versions, downloaded for Python %2; the old venv is kept beside it.</source>
        <translation>
            <numerusform>No Python %1 is on this machine, and the venv&apos;s packages were installed for %1. Python %2 is at %3: the repair makes the venv again on it and installs the same %n distribution again at the same versions, downloaded for Python %2; the old venv is kept beside it.</numerusform>
            <numerusform>No Python %1 is on this machine, and the venv&apos;s packages were installed for %1. Python %2 is at %3: the repair makes the venv again on it and installs the same %n distributions again at the same versions, downloaded for Python %2; the old venv is kept beside it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProblemText</name>
    <message numerus="yes">
        <source> (and %n more: %1)</source>
        <translation>
            <numerusform> (and %n more: %1)</numerusform>
            <numerusform> (and %n more: %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy that loads lacks %n function(s) that %1 imports from it (%2): the load fails with [WinError 127] The specified procedure could not be found.</source>
        <translation>
            <numerusform>The copy that loads lacks %n function that %1 imports from it (%2): the load fails with [WinError 127] The specified procedure could not be found.</numerusform>
            <numerusform>The copy that loads lacks %n functions that %1 imports from it (%2): the load fails with [WinError 127] The specified procedure could not be found.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The copy that loads lacks %n function(s) that %1 imports from it (%2): the first call into them fails.</source>
        <translation>
            <numerusform>The copy that loads lacks %n function that %1 imports from it (%2): the first call into it fails.</numerusform>
            <numerusform>The copy that loads lacks %n functions that %1 imports from it (%2): the first call into them fails.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Symptoms</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Because of it, %n librar(ies) cannot load: %1.</source>
        <translation>
            <numerusform>Because of it, %n library cannot load: %1.</numerusform>
            <numerusform>Because of it, %n libraries cannot load: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 lacks what %n other librar(ies) need</source>
        <translation>
            <numerusform>%1 lacks what %n other library needs</numerusform>
            <numerusform>%1 lacks what %n other libraries need</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Because of it, `import torch` fails and %n librar(ies) cannot load: %1.</source>
        <translation>
            <numerusform>Because of it, `import torch` fails and %n library cannot load: %1.</numerusform>
            <numerusform>Because of it, `import torch` fails and %n libraries cannot load: %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::DiagnosePage</name>
    <message numerus="yes">
        <source>Done in %1 s: %n problem(s)</source>
        <translation>
            <numerusform>Done in %1 s: %n problem</numerusform>
            <numerusform>Done in %1 s: %n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n warning(s).</source>
        <translation>
            <numerusform>and %n warning.</numerusform>
            <numerusform>and %n warnings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each slow step (the import, each interpreter, the shell) stops after %n s at most.</source>
        <translation>
            <numerusform>Each slow step (the import, each interpreter, the shell) stops after %n s at most.</numerusform>
            <numerusform>Each slow step (the import, each interpreter, the shell) stops after %n s at most.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::DonePage</name>
    <message numerus="yes">
        <source>Not solved: %n problem(s) remain. The report on the next page says what is left; send it to whoever supports you.</source>
        <translation>
            <numerusform>Not solved: %n problem remains. The report on the next page says what is left; send it to whoever supports you.</numerusform>
            <numerusform>Not solved: %n problems remain. The report on the next page says what is left; send it to whoever supports you.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Put back what the repair changed, in these %n step(s)?</source>
        <translation>
            <numerusform>Put back what the repair changed, in this step?</numerusform>
            <numerusform>Put back what the repair changed, in these %n steps?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Undo %n step(s)</source>
        <translation>
            <numerusform>&amp;Undo %n step</numerusform>
            <numerusform>&amp;Undo %n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Checked again after the undo: %n problem(s) are there. The report on the next page says what they are.</source>
        <translation>
            <numerusform>Checked again after the undo: %n problem is there. The report on the next page says what it is.</numerusform>
            <numerusform>Checked again after the undo: %n problems are there. The report on the next page says what they are.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::FindingsPage</name>
    <message numerus="yes">
        <source>%n problem(s) keep PyTorch from working.</source>
        <translation>
            <numerusform>%n problem keeps PyTorch from working.</numerusform>
            <numerusform>%n problems keep PyTorch from working.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s).</source>
        <translation>
            <numerusform>%n warning.</numerusform>
            <numerusform>%n warnings.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>PyTorch works; %n warning(s) are worth a look.</source>
        <translation>
            <numerusform>PyTorch works; %n warning is worth a look.</numerusform>
            <numerusform>PyTorch works; %n warnings are worth a look.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::FixPage</name>
    <message numerus="yes">
        <source>Apply these %n step(s)? Nothing else will be changed.</source>
        <translation>
            <numerusform>Apply this step? Nothing else will be changed.</numerusform>
            <numerusform>Apply these %n steps? Nothing else will be changed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n step(s)</source>
        <translation>
            <numerusform>&amp;Apply %n step</numerusform>
            <numerusform>&amp;Apply %n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n step(s); what ran is in the journal and can be undone.</source>
        <translation>
            <numerusform>Cancelled after %n step; what ran is in the journal and can be undone.</numerusform>
            <numerusform>Cancelled after %n steps; what ran is in the journal and can be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not solved yet: %n problem(s) remain.</source>
        <translation>
            <numerusform>Not solved yet: %n problem remains.</numerusform>
            <numerusform>Not solved yet: %n problems remain.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>td::ui::WelcomePage</name>
    <message numerus="yes">
        <source>%n interpreter(s) found.</source>
        <translation>
            <numerusform>%n interpreter found.</numerusform>
            <numerusform>%n interpreters found.</numerusform>
        </translation>
    </message>
</context>
</TS>
