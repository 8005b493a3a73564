package org.tsdbbench.common.contract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFamily;
import org.tsdbbench.common.query.QueryFile;

/**
 * Writes {@code sql/<folder>/q1..q5.txt}: the catalog rendered by a module's dialect for the
 * default data set. A command of its own ({@code scripts/render-queries.sh} runs it for every
 * module), so that {@link QueryFilesCheck}, which compares the files with the same rendering,
 * never writes them and can always fail.
 *
 * <pre>
 * RenderQueryFiles SQL_DIR DATABASE_CLASS                     # its dialect() into SQL_DIR/name()
 * RenderQueryFiles SQL_DIR DIALECT_CLASS FOLDER NAME ARG      # new DIALECT_CLASS(int ARG) into SQL_DIR/FOLDER
 * </pre>
 */
public final class RenderQueryFiles {

    private RenderQueryFiles() {
    }

    /** The files of one folder and what each must hold, by family (q6's ranges are drawn per run: no file). */
    static Map<Path, String> files(Path sqlDir, String folder, String displayName, DeviceDialect dialect) {
        Map<Path, String> files = new LinkedHashMap<>();
        Path dir = sqlDir.resolve(folder);
        for (QueryFamily f : QueryFamily.values()) {
            if (QueryCatalog.family(f).isEmpty()) continue;
            files.put(dir.resolve(f.id() + ".txt"), "# " + displayName + " " + f.id() + ": rendered from the catalog for the default data set ("
                    + WorkloadSpec.defaults() + ").\n# Format: <query id> <query>; see the README.\n"
                    + QueryFile.render(QueryCatalog.family(f), dialect, WorkloadSpec.defaults()));
        }
        return files;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2 && args.length != 5) {
            System.err.println("usage: RenderQueryFiles SQL_DIR DATABASE_CLASS | SQL_DIR DIALECT_CLASS FOLDER NAME INT_ARG");
            System.exit(2);
        }
        Path sqlDir = Path.of(args[0]);
        Class<?> type = Class.forName(args[1]);
        Map<Path, String> files;
        if (args.length == 2) {
            Database db = (Database) type.getDeclaredConstructor().newInstance();
            files = files(sqlDir, db.name(), db.displayName(), DeviceDialect.of(db.dialect()));
        } else {
            DeviceDialect dialect = (DeviceDialect) type.getDeclaredConstructor(int.class).newInstance(Integer.parseInt(args[4]));
            files = files(sqlDir, args[2], args[3], dialect);
        }
        write(files);
    }

    static void write(Map<Path, String> files) throws IOException {
        for (Map.Entry<Path, String> e : files.entrySet()) {
            Files.createDirectories(e.getKey().getParent());
            boolean same = Files.exists(e.getKey()) && Files.readString(e.getKey()).equals(e.getValue());
            if (!same) Files.writeString(e.getKey(), e.getValue());
            System.out.println((same ? "unchanged " : "written   ") + e.getKey());
        }
    }
}
