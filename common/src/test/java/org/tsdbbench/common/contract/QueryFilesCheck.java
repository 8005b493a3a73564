package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.QueryFile;

/**
 * The query files under {@code sql/<db>/} are the catalog rendered by the module's dialect for the
 * default data set; this check keeps them in step. Run with TSBENCH_WRITE_SQL=1 to rewrite them
 * after changing a dialect.
 */
public final class QueryFilesCheck {

    private QueryFilesCheck() {
    }

    public static void assertFilesMatchDialect(Database db) throws IOException {
        assertFilesMatchDialect(db.name(), db.displayName(), db.dialect());
    }

    /** For a dialect variant kept in its own folder, e.g. sql/tdengine2 for TDengine 2.x. */
    public static void assertFilesMatchDialect(String folder, String displayName, Dialect dialect) throws IOException {
        Path repo = Path.of(System.getenv().getOrDefault("TSBENCH_REPO", ".."));
        Path dir = repo.resolve("sql").resolve(folder);
        boolean rewrite = "1".equals(System.getenv("TSBENCH_WRITE_SQL"));
        for (QueryFamily f : QueryFamily.values()) {
            // q6's ranges are drawn per run, not listed in the catalog: no file.
            if (QueryCatalog.family(f).isEmpty()) continue;
            String rendered = "# " + displayName + " " + f.id() + ": rendered from the catalog for the default data set ("
                    + WorkloadSpec.defaults() + ").\n# Format: <query id> <query>; see the README.\n"
                    + QueryFile.render(QueryCatalog.family(f), dialect, WorkloadSpec.defaults());
            Path file = dir.resolve(f.id() + ".txt");
            if (rewrite) {
                Files.createDirectories(dir);
                Files.writeString(file, rendered);
            }
            assertEquals(rendered, Files.exists(file) ? Files.readString(file) : "(missing " + file + ")",
                    file + " differs from what the dialect renders (TSBENCH_WRITE_SQL=1 rewrites it)");
            // And the file reads back as valid query lines.
            QueryFile.read(file);
        }
    }
}
