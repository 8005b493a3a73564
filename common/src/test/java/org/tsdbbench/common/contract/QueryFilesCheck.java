package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.QueryFile;

/**
 * The query files under {@code sql/<db>/} are the catalog rendered by the module's dialect for the
 * default data set; this check keeps them in step. It only reads: after changing a dialect, run
 * {@code scripts/render-queries.sh} (see {@link RenderQueryFiles}) to rewrite them.
 */
public final class QueryFilesCheck {

    private QueryFilesCheck() {
    }

    public static void assertFilesMatchDialect(Database db) throws IOException {
        assertFilesMatchDialect(db.name(), db.displayName(), DeviceDialect.of(db.dialect()));
    }

    /** For a dialect variant kept in its own folder, e.g. sql/tdengine2 for TDengine 2.x. */
    public static void assertFilesMatchDialect(String folder, String displayName, DeviceDialect dialect) throws IOException {
        Path repo = Path.of(System.getenv().getOrDefault("TSBENCH_REPO", ".."));
        assertFilesMatchDialect(repo.resolve("sql"), folder, displayName, dialect);
    }

    static void assertFilesMatchDialect(Path sqlDir, String folder, String displayName, DeviceDialect dialect) throws IOException {
        for (Map.Entry<Path, String> e : RenderQueryFiles.files(sqlDir, folder, displayName, dialect).entrySet()) {
            Path file = e.getKey();
            assertEquals(e.getValue(), Files.exists(file) ? Files.readString(file) : "(missing " + file + ")",
                    file + " differs from what the dialect renders (scripts/render-queries.sh rewrites it)");
            // And the file reads back as valid query lines.
            QueryFile.read(file, DevicesWorkload.INSTANCE);
        }
    }
}
