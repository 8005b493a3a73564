package org.tsdbbench.common.cli;

import java.util.Locale;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.DiskRecord;
import picocli.CommandLine.Command;
import org.tsdbbench.results.SuiteVersion;

/**
 * The disk step, run after a load: the bytes the database keeps for the data set once its own
 * flush/compaction has settled, against the size of the same rows as text (the published reports'
 * "raw data" figure), and bytes per stored row.
 */
@Command(name = "disk", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SuiteVersion.class,
        description = "After a load: bytes on disk for the data set (after the database's flush/compaction settled) vs its size as text.")
final class DiskStep extends Step {

    DiskStep(Database db, Workload workload) {
        super(db, workload);
    }

    @Override
    protected String stepName() {
        return "disk";
    }

    @Override
    protected int execute() throws Exception {
        long rawText = settings.dataSet().whole().rawTextBytes();
        long rows;
        DiskUse use;
        try (Session s = session()) {
            out().println("# waiting for " + db().displayName() + " to settle its flush/compaction, then measuring");
            out().flush();
            use = settings.dataSet().spec().diskUse(s);
            rows = settings.dataSet().spec().countRows(s);
        }
        if (use == null || !use.measured()) {
            String why = use == null ? db().displayName() + " offers this module no way to measure its disk use" : use.method();
            results.manifest().disk(new DiskRecord(rawText, rows, null, null, null, why + ": not measured", use == null ? null : use.serverHeld(), null));
            results.saveManifest();
            out().println("disk: not measured (" + why + "); raw text " + rawText + " bytes");
            out().flush();
            return BenchCli.OK;
        }
        results.manifest().disk(new DiskRecord(rawText, rows, use.bytes(), rows == 0 ? Double.NaN : (double) use.bytes() / rows,
                use.bytes() == 0 ? Double.NaN : (double) rawText / use.bytes(), use.method(), use.serverHeld(), use.bytesBeforeSettling()));
        results.saveManifest();
        String held = use.serverHeld() == null ? null : use.serverHeld().describe();
        out().println(String.format(Locale.ROOT, "disk: %,d bytes for %,d rows (%.1f bytes/row); raw text %,d bytes (%.1fx); %s",
                use.bytes(), rows, rows == 0 ? Double.NaN : (double) use.bytes() / rows, rawText,
                use.bytes() == 0 ? Double.NaN : (double) rawText / use.bytes(), use.method()));
        if (use.bytesBeforeSettling() != null) out().println(String.format(Locale.ROOT, "disk: %,d bytes before it settled", use.bytesBeforeSettling()));
        if (held != null) out().println("disk: the server also held " + held);
        out().flush();
        return BenchCli.OK;
    }
}
