package org.tsdbbench.common.db;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the database module on the class path: every module registers its {@link Database} in
 * {@code META-INF/services/org.tsdbbench.common.db.Database}, and a module's jar holds exactly one.
 * Where several are on the class path (an IDE with every module), one is chosen by name.
 */
public final class DatabaseLookup {

    /** The environment variable that names the module when several are on the class path. */
    public static final String MODULE_ENV = "TSBENCH_MODULE";

    private DatabaseLookup() {
    }

    /**
     * The database named {@code name}, or the only one on the class path when {@code name} is null
     * or blank; none, none of that name, or several and none named is an IllegalStateException
     * with a one-line message saying so.
     */
    public static Database find(String name) {
        return find(name, DatabaseLookup.class.getClassLoader());
    }

    static Database find(String name, ClassLoader classPath) {
        List<Database> found = new ArrayList<>();
        for (Database db : ServiceLoader.load(Database.class, classPath)) found.add(db);
        List<String> names = found.stream().map(Database::name).toList();
        if (name != null && !name.isBlank()) {
            return found.stream().filter(db -> db.name().equals(name.strip())).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no database module " + name.strip() + " on the class path"
                            + (names.isEmpty() ? "" : " (there: " + String.join(", ", names) + ")")));
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no database module on the class path: run a <db>-bench jar, or put a module on the class path"
                    + " (it registers its Database in META-INF/services/" + Database.class.getName() + ")");
        }
        if (found.size() > 1) {
            throw new IllegalStateException("several database modules on the class path (" + String.join(", ", names) + "): name one with "
                    + MODULE_ENV + "=<name>");
        }
        return found.get(0);
    }

    /** The database {@link #MODULE_ENV} names, else the only one on the class path. */
    public static Database fromEnvironment() {
        return find(System.getenv(MODULE_ENV));
    }
}
